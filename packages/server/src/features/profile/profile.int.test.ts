import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const redirectUri = 'http://127.0.0.1:3001/callback';

describe.each(databaseTargets())('profile and consent (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;
  let otherConfig: oidc.Configuration;

  beforeAll(async () => {
    // The client exists before the server starts, so the provider knows its own claim.
    let created!: { clientId: string; clientSecret: string | null };
    let other!: { clientId: string; clientSecret: string | null };
    server = await startTestServer(
      target,
      {},
      {
        before: async (stores) => {
          other = await stores.clients.create({
            name: 'Other',
            redirectUris: [redirectUri],
            skipConsent: true,
          });
          created = await stores.clients.create({
            name: 'Shop',
            redirectUris: [redirectUri],
            customClaims: [
              {
                name: 'member_no',
                type: 'text',
                title: 'Membership number',
                validators: [{ type: 'regex', regex: '^M\\d{6}$' }],
              },
            ],
          });
        },
      },
    );
    otherConfig = await oidc.discovery(
      new URL(server.url),
      other.clientId,
      other.clientSecret!,
      oidc.ClientSecretBasic(other.clientSecret!),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    config = await oidc.discovery(
      new URL(server.url),
      created.clientId,
      created.clientSecret!,
      oidc.ClientSecretBasic(created.clientSecret!),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
  });
  afterAll(async () => server?.close());

  /** Starts a request for these scopes in this (signed-in) browser; returns its id and PKCE checks. */
  async function startRequest(
    browser: ApiBrowser,
    scope: string,
    extra: Record<string, string> = {},
  ) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const location = (await browser.fetch(url.href)).headers.get('location')!;
    if (!location.startsWith('/requests/')) return { requestId: null, location, verifier, state };
    await browser.fetch(`${server.url}${location}`);
    return { requestId: location.split('/').pop()!, location, verifier, state };
  }

  const address = {
    postcode: 'SW1A 2AA',
    uprn: '900000000011',
    text: '10 Downing Street, London',
    picklist: true,
  };

  it('asks for the missing details, then consent, then releases exactly the consented claims', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const { requestId, verifier, state } = await startRequest(
      browser,
      'openid email profile address',
    );
    const info = await browser.post(`/api/requests/${requestId}`);
    expect(info.body).toMatchObject({
      loggedIn: true,
      userRequirements: ['setupProfile', 'consent'],
    });

    const fields = (await (await browser.fetch(`${server.url}/api/profile`)).json()) as Array<{
      name: string;
    }>;
    expect(fields.map((field) => field.name)).toEqual([
      'given_name',
      'family_name',
      'birthdate',
      'address',
      'member_no',
    ]);

    const bad = await browser.post('/api/profile', {
      given_name: 'Ada',
      family_name: '',
      birthdate: '1990-02-31',
      address,
      member_no: 'X1',
      shoe_size: '9',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'validation_failed',
      details: {
        family_name: 'Required',
        birthdate: 'Please enter a real date',
        member_no: 'This field is invalid',
        shoe_size: 'Not a field of this form',
      },
    });

    // Too long, or in the future: each said as such next to its field, never a 500 (issue 21).
    const tooLong = await browser.post('/api/profile', {
      given_name: 'Ada',
      family_name: 'L'.repeat(101),
      birthdate: '2999-01-01',
      address: { ...address, uprn: '', picklist: false, text: 'Flat 1, '.repeat(70) },
      member_no: 'M123456',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({
      code: 'validation_failed',
      details: {
        family_name: 'Family name must be 100 characters or fewer',
        birthdate: 'Date of birth must be today or in the past',
        address: 'Your address must be 500 characters or fewer',
      },
    });

    const saved = await browser.post('/api/profile', {
      given_name: 'Ada',
      family_name: 'Lovelace',
      birthdate: '1990-02-28',
      address,
      member_no: 'M123456',
    });
    expect(saved.body).toEqual({ userRequirements: ['consent'], redirect_Uri: null });
    const prefilled = (await (await browser.fetch(`${server.url}/api/profile`)).json()) as Array<{
      name: string;
      defaultValue?: string;
    }>;
    expect(prefilled.find((field) => field.name === 'given_name')?.defaultValue).toBe('Ada');

    const consent = await browser.fetch(`${server.url}/api/consent`);
    expect(await consent.json()).toEqual({
      clientName: 'Shop',
      attributes: [
        {
          name: 'address',
          title: 'Address',
          type: 'address',
          defaultValue: '10 Downing Street, London, SW1A 2AA',
        },
        { name: 'birthdate', title: 'Date of birth', type: 'date', defaultValue: '1990-02-28' },
        { name: 'email', title: 'E-mail', type: 'email', defaultValue: email },
        { name: 'family_name', title: 'Family name', type: 'text', defaultValue: 'Lovelace' },
        { name: 'given_name', title: 'Given names', type: 'text', defaultValue: 'Ada' },
        { name: 'member_no', title: 'Membership number', type: 'text', defaultValue: 'M123456' },
      ],
      // What a PIN signature of this consent would sign (features/pin/consentSignature.ts).
      toSign: {
        clientId: expect.any(String),
        requestId,
        userId: (await server.ctx.users.findByEmail(email))!.id,
        claims: ['address', 'birthdate', 'email', 'family_name', 'given_name', 'member_no'],
      },
    });
    expect((await browser.post('/api/consent', { Approved: true })).body).toEqual({
      userRequirements: [],
      redirect_Uri: null,
    });

    const generated = await browser.post('/api/generateresponse', { requestId });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(userinfo).toEqual({
      sub: tokens.claims()!.sub,
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      birthdate: '1990-02-28',
      address: {
        formatted: '10 Downing Street, London, SW1A 2AA',
        postal_code: 'SW1A 2AA',
        country: 'GB',
      },
    });

    // Encrypted at rest.
    const row = await server.ctx.database.db
      .selectFrom('profiles')
      .select('data')
      .executeTakeFirstOrThrow();
    expect(row.data).not.toContain('Lovelace');

    // A second request for the same claims asks nothing and goes straight back.
    const again = await startRequest(browser, 'openid email profile address');
    expect(again.location.startsWith(redirectUri)).toBe(true);
    // Asking for more asks consent again, for everything.
    const more = await startRequest(browser, 'openid email profile address phone');
    expect((await browser.post(`/api/requests/${more.requestId}`)).body).toMatchObject({
      userRequirements: ['setupProfile', 'consent'],
    });
  });

  it('collects and releases a claim asked for with the claims parameter', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const claims = JSON.stringify({
      id_token: { given_name: { essential: true }, member_no: null },
    });
    const { requestId, verifier, state } = await startRequest(browser, 'openid', { claims });
    const fields = (await (await browser.fetch(`${server.url}/api/profile`)).json()) as Array<{
      name: string;
    }>;
    expect(fields.map((field) => field.name)).toEqual(['given_name', 'member_no']);
    await browser.post('/api/profile', { given_name: 'Grace', member_no: 'M000001' });
    await browser.post('/api/consent', { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri)) {
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    }
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(response.headers.get('location')!),
      {
        pkceCodeVerifier: verifier,
        expectedState: state,
      },
    );
    // The client's own claim, asked for by name, comes too.
    expect(tokens.claims()).toMatchObject({ given_name: 'Grace', member_no: 'M000001' });
    expect(tokens.claims()).not.toHaveProperty('family_name');
  });

  it("never gives one client another client's own claim, even asked for by name", async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    // The user gave Shop their membership number.
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { member_no: 'M999999' });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(otherConfig, {
      redirect_uri: redirectUri,
      scope: 'openid',
      claims: JSON.stringify({ id_token: { member_no: null }, userinfo: { member_no: null } }),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const requestPath = (await browser.fetch(url.href)).headers.get('location')!;
    await browser.fetch(`${server.url}${requestPath}`);
    const requestId = requestPath.split('/').pop()!;
    expect((await browser.post(`/api/requests/${requestId}`)).body).toMatchObject({
      userRequirements: [],
    });
    const generated = await browser.post('/api/generateresponse', { requestId });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri)) {
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    }
    const tokens = await oidc.authorizationCodeGrant(
      otherConfig,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: verifier },
    );
    expect(tokens.claims()).not.toHaveProperty('member_no');
    expect(
      await oidc.fetchUserInfo(otherConfig, tokens.access_token, tokens.claims()!.sub),
    ).not.toHaveProperty('member_no');
  });

  it('holds a request whose client demands what cannot be done yet (fail closed)', async () => {
    const strict = await server.ctx.clients.create({
      name: 'Bank',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      assurance: [['Passport']],
      skipConsent: true,
    });
    const strictConfig = await oidc.discovery(
      new URL(server.url),
      strict.clientId,
      strict.clientSecret!,
      oidc.ClientSecretBasic(strict.clientSecret!),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const url = oidc.buildAuthorizationUrl(strictConfig, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const requestPath = (await browser.fetch(url.href)).headers.get('location')!;
    await browser.fetch(`${server.url}${requestPath}`);
    const requestId = requestPath.split('/').pop()!;
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.body).toEqual({
      redirect_Uri: null,
      clearSession: false,
      // A passport check needs the profile's name and birth date to bind to (issue 17).
      userRequirements: ['setupSecondFactor', 'assurance', 'setupProfile'],
    });
  });

  it('acts on the request named by the page, not on one opened since in the same browser', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const shop = await startRequest(browser, 'openid email');
    // Another client's request, opened afterwards in the same browser (a second tab, or a page
    // of that client's making), becomes the browser's latest.
    const url = oidc.buildAuthorizationUrl(otherConfig, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    await browser.fetch(`${server.url}${(await browser.fetch(url.href)).headers.get('location')!}`);

    // The consent waits for the details it releases (the journey's order).
    const early = await browser.fetch(`${server.url}/api/consent?requestId=${shop.requestId}`);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      error: { code: 'earlier_step_required', details: { requirement: 'setupProfile' } },
    });
    await browser.post(`/api/profile?requestId=${shop.requestId}`, { member_no: 'M654321' });
    const consent = await browser.fetch(`${server.url}/api/consent?requestId=${shop.requestId}`);
    expect(await consent.json()).toMatchObject({ clientName: 'Shop' });
    await browser.post(`/api/consent?requestId=${shop.requestId}`, { Approved: true });
    const user = (await server.ctx.users.findByEmail(email))!;
    const shopClient = (await server.ctx.clients.list()).find(
      (client) => client.metadata.client_name === 'Shop',
    )!;
    expect(await server.ctx.consents.get(user.id, shopClient.clientId)).toEqual([
      'email',
      'member_no',
    ]);
  });

  it('returns a declined consent to the client as access_denied', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const { requestId, state } = await startRequest(browser, 'openid email');
    // The client's custom claim is missing too: consent comes once it is given.
    expect((await browser.post(`/api/requests/${requestId}`)).body).toMatchObject({
      userRequirements: ['setupProfile', 'consent'],
    });
    expect((await browser.post('/api/consent', { Approved: false })).status).toBe(409);
    await browser.post('/api/profile', { member_no: 'M654321' });
    const declined = await browser.post('/api/consent', { Approved: false });
    let response = await browser.fetch(declined.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const callback = new URL(response.headers.get('location')!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toContain('declined');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(server.url);
  });

  it('refuses out-of-order and unauthenticated calls with codes', async () => {
    const anonymous = new ApiBrowser(server);
    expect((await anonymous.fetch(`${server.url}/api/profile`)).status).toBe(401);
    expect((await anonymous.post('/api/consent', { Approved: true })).status).toBe(401);
    const signedIn = await signUp(server, `${randomUUID()}@example.com`);
    const noRequest = await signedIn.post('/api/consent', { Approved: true });
    expect(noRequest.status).toBe(404);
    expect(noRequest.body.error).toMatchObject({ code: 'request_not_found' });
    expect((await signedIn.post('/api/consent', { Approved: 'yes' })).status).toBe(400);
    expect((await signedIn.post('/api/profile', { given_name: { nested: true } })).status).toBe(
      400,
    );
  });
});
