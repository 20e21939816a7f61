/**
 * Issue 15's attacks, over real HTTP: an attacker who knows only the password of a user with
 * an authenticator app, a browser left signed in, single sign-on asked for more than the
 * session has, and a client's short session lifetime. Each fails on the code before the
 * journey (docs/flows/sign-in.md, 'Where each rule is enforced').
 */
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import {
  ApiBrowser,
  backdateLogin,
  discoverClient,
  redirectUri,
  signUp,
  strongPassword,
} from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

const code = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

const annaLicence = {
  surname: 'Smith',
  given: 'Anna',
  dob: '1985-02-17',
  issue: '2019-03-01',
  expiry: '2029-02-28',
  number: 'smith 852175 a99ab',
  postcode: 'cr26xh',
};

describe.each(databaseTargets())('the journey against issue 15’s attacks (%s)', (target) => {
  let server: TestServer;
  let strict: oidc.Configuration;
  let plain: oidc.Configuration;
  let brief: oidc.Configuration;
  let pinClientId: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    const create = (input: Parameters<TestServer['ctx']['clients']['create']>[0]) =>
      server.ctx.clients.create(input);
    strict = await discoverClient(
      server,
      await create({
        name: 'Strict',
        redirectUris: [redirectUri],
        requireSecondFactor: true,
        claims: ['given_name', 'family_name', 'birthdate'],
      }),
    );
    plain = await discoverClient(
      server,
      await create({ name: 'Plain', redirectUris: [redirectUri], skipConsent: true }),
    );
    brief = await discoverClient(
      server,
      await create({
        name: 'Brief',
        redirectUris: [redirectUri],
        claims: ['given_name'],
        sessionLifetime: 60,
      }),
    );
    pinClientId = (
      await create({ name: 'PIN shop', redirectUris: [redirectUri], requirePin: true })
    ).clientId;
  });
  afterAll(async () => server?.close());

  /** Starts a sign-in request in this browser; where the authorization endpoint sent it. */
  async function authorize(
    browser: ApiBrowser,
    config: oidc.Configuration,
    extra: Record<string, string> = {},
  ) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    let response = await browser.fetch(url.href);
    // Through the provider's own redirects, until the SPA's request page or the client.
    for (let hops = 0; hops < 5; hops += 1) {
      const location = new URL(response.headers.get('location')!, server.url);
      if (location.href.startsWith(redirectUri)) return { location, verifier, state, config };
      if (location.pathname.startsWith('/requests/')) {
        await browser.fetch(location.href);
        return {
          location,
          requestId: location.pathname.split('/').pop()!,
          verifier,
          state,
          config,
        };
      }
      response = await browser.fetch(location.href);
    }
    throw new Error('too many redirects');
  }

  /** Finishes a request; the client's ID token claims, or where the browser ended up. */
  async function finish(
    browser: ApiBrowser,
    request: Awaited<ReturnType<typeof authorize>>,
  ): Promise<Record<string, unknown>> {
    const generated = await browser.post('/api/generateresponse', { requestId: request.requestId });
    expect(generated.body.userRequirements).toEqual([]);
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    for (let hops = 0; hops < 5; hops += 1) {
      const location = new URL(response.headers.get('location')!, server.url);
      if (location.href.startsWith(redirectUri)) {
        const tokens = await oidc.authorizationCodeGrant(request.config, location, {
          pkceCodeVerifier: request.verifier,
          expectedState: request.state,
        });
        return tokens.claims()!;
      }
      // Back to Verity's request page: the provider asked again (a loop).
      if (location.pathname.startsWith('/requests/')) return { loopedTo: location.pathname };
      response = await browser.fetch(location.href);
    }
    throw new Error('too many redirects');
  }

  /** A user with an authenticator app, set up in a browser of their own. */
  async function victim() {
    const email = `${randomUUID()}@example.com`;
    const own = await signUp(server, email);
    const started = await own.post('/api/authenticator/startsetup');
    const secret = String(started.body.secret);
    expect(
      (await own.post('/api/authenticator/completesetup', { Code: code(secret) })).status,
    ).toBe(200);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    return { email, secret, userId };
  }

  /** The attacker's browser: the victim's password, in a request of the strict client. */
  async function passwordOnlyInRequest(email: string) {
    const browser = new ApiBrowser(server);
    const request = await authorize(browser, strict);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: request.requestId,
    });
    expect(login.body).toMatchObject({
      failed: false,
      userRequirements: ['loginWithSecondFactor', 'setupProfile', 'consent'],
    });
    return { browser, request };
  }

  const errorOf = (answer: { status: number; body: Record<string, unknown> }) => ({
    status: answer.status,
    code: (answer.body.error as { code?: string } | undefined)?.code,
  });

  it('with the second factor pending, reads and writes no profile, consent or evidence', async () => {
    const { email, userId } = await victim();
    const { browser, request } = await passwordOnlyInRequest(email);
    const q = `?requestId=${request.requestId}`;
    const get = async (path: string) => {
      const response = await browser.fetch(`${server.url}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const attempts = {
      'GET /api/profile': await get(`/api/profile${q}`),
      'POST /api/profile': await browser.post(`/api/profile${q}`, {
        given_name: 'Mallory',
        family_name: 'Smith',
        birthdate: '1985-02-17',
      }),
      'GET /api/consent': await get(`/api/consent${q}`),
      'POST /api/consent': await browser.post(`/api/consent${q}`, { Approved: true }),
      'GET /api/kbv': await get(`/api/kbv${q}`),
      'GET /api/verification': await get(`/api/verification/${request.requestId}`),
      'POST /api/verifydrivinglicence': await browser.post(
        `/api/verifydrivinglicence${q}`,
        annaLicence,
      ),
      'POST /api/verifycard': await browser.post(`/api/verifycard${q}`, {
        number: '4111111111111111',
        name: 'Anna Smith',
        expiry: '12/30',
      }),
      'POST /api/verifymobilecontract': await browser.post(`/api/verifymobilecontract${q}`, {
        mobileNumber: '07700 900 001',
      }),
    };
    for (const [call, answer] of Object.entries(attempts))
      expect({ call, ...errorOf(answer) }).toEqual({
        call,
        status: 403,
        code: 'second_factor_login_required',
      });
    // Nothing was written.
    expect(await server.ctx.profiles.get(userId)).toEqual({});
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    const strictId = (await server.ctx.clients.list()).find(
      (client) => client.metadata.client_name === 'Strict',
    )!.clientId;
    expect(await server.ctx.consents.get(userId, strictId)).toEqual([]);
    // And the request is not finished with the password alone.
    expect(
      (await browser.post('/api/generateresponse', { requestId: request.requestId })).body,
    ).toMatchObject({
      redirect_Uri: null,
      userRequirements: ['loginWithSecondFactor', 'setupProfile', 'consent'],
    });
  });

  it('generates no response while any requirement is outstanding: answers them, and records no result to resume with', async () => {
    const { email, secret } = await victim();
    const { browser, request } = await passwordOnlyInRequest(email);
    const q = `?requestId=${request.requestId}`;
    /** generateresponse's answer, and whether the request holds a result to resume with. */
    const attempt = async () => {
      const answer = await browser.post('/api/generateresponse', { requestId: request.requestId });
      const interaction = await server.ctx.provider.Interaction.find(request.requestId!);
      return {
        redirect: answer.body.redirect_Uri,
        outstanding: answer.body.userRequirements,
        released: interaction?.result !== undefined,
      };
    };
    expect(await attempt()).toEqual({
      redirect: null,
      outstanding: ['loginWithSecondFactor', 'setupProfile', 'consent'],
      released: false,
    });
    expect(
      (await browser.post(`/api/authenticator/login${q}`, { Code: code(secret, 1) })).status,
    ).toBe(200);
    expect(await attempt()).toEqual({
      redirect: null,
      outstanding: ['setupProfile', 'consent'],
      released: false,
    });
    expect(
      (
        await browser.post(`/api/profile${q}`, {
          given_name: 'Anna',
          family_name: 'Smith',
          birthdate: '1985-02-17',
        })
      ).status,
    ).toBe(200);
    expect(await attempt()).toEqual({
      redirect: null,
      outstanding: ['consent'],
      released: false,
    });
    // Only once consent is given does the request finish, with what happened.
    expect((await browser.post(`/api/consent${q}`, { Approved: true })).status).toBe(200);
    expect(await finish(browser, request)).toMatchObject({ acr: 'urn:verity:aal2' });
  });

  it('refuses a PIN registration to a password alone when the user has a second factor', async () => {
    const { email, userId } = await victim();
    const browser = new ApiBrowser(server);
    expect(
      (await browser.post('/api/login/email', { Email: email, Password: strongPassword })).body,
    ).toMatchObject({ failed: false });
    const response = await browser.fetch(`${server.url}/api/mpin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-customer-id': pinClientId },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'second_factor_required' } });
    const registrations = await server.ctx.database.db
      .selectFrom('pin_registrations')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(registrations).toEqual([]);
  });

  it('refuses a share from a login older than 15 minutes, and accepts one after a new login', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    await backdateLogin(server, userId, 16 * 60);
    const stale = await browser.post('/api/share', { email: 'agent@example.com' });
    expect(errorOf(stale)).toEqual({ status: 403, code: 'recent_login_required' });
    expect(await server.ctx.shares.list(userId)).toEqual([]);
    await browser.post('/api/login/email', { Email: email, Password: strongPassword });
    expect((await browser.post('/api/share', { email: 'agent@example.com' })).status).toBe(200);
  });

  it('steps up single sign-on asked for acr_values=urn:verity:aal2, rather than a code with amr ["pwd"]', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const first = await authorize(browser, plain);
    expect((await finish(browser, first)).amr).toEqual(['otp']);
    // Signed in already: the same client now asks for two factors.
    const asked = await authorize(browser, plain, { acr_values: 'urn:verity:aal2' });
    expect(asked.location.pathname).toMatch(/^\/requests\//);
    expect((await browser.post(`/api/requests/${asked.requestId}`)).body).toMatchObject({
      loggedIn: true,
      userRequirements: ['setupSecondFactor'],
    });
    const started = await browser.post(
      `/api/authenticator/startsetup?requestId=${asked.requestId}`,
    );
    const secret = String(started.body.secret);
    await browser.post(`/api/authenticator/completesetup?requestId=${asked.requestId}`, {
      Code: code(secret),
    });
    const claims = await finish(browser, asked);
    expect(claims).toMatchObject({ acr: 'urn:verity:aal2', amr: ['otp', 'mfa'] });
  });

  it('answers an essential acr claim with one of its values, without a loop', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    expect((await finish(browser, await authorize(browser, plain))).acr).toBe('urn:verity:aal1');
    const claims = JSON.stringify({
      id_token: { acr: { essential: true, values: ['urn:verity:aal2'] } },
    });
    const asked = await authorize(browser, plain, { claims });
    expect(asked.location.pathname).toMatch(/^\/requests\//);
    expect((await browser.post(`/api/requests/${asked.requestId}`)).body).toMatchObject({
      userRequirements: ['setupSecondFactor'],
    });
    const started = await browser.post('/api/authenticator/startsetup');
    await browser.post('/api/authenticator/completesetup', {
      Code: code(String(started.body.secret)),
    });
    expect(await finish(browser, asked)).toMatchObject({ acr: 'urn:verity:aal2' });
  });

  it('signs in again past the 30-day absolute limit on single sign-on, rather than answering with a code (review R1)', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    // Remember me: a session whose idle timeout each use extends, kept in use for a month.
    const browser = new ApiBrowser(server);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RememberMe: true,
    });
    expect(login.body.failed).toBe(false);
    expect((await finish(browser, await authorize(browser, plain))).amr).toEqual(['pwd']);
    await backdateLogin(server, userId, 31 * 24 * 3600);
    // A client with no lifetime of its own, which holds a grant: the absolute limit still holds.
    const again = await authorize(browser, plain);
    expect(again.location.href.startsWith(redirectUri)).toBe(false);
    expect((await browser.post(`/api/requests/${again.requestId}`)).body).toMatchObject({
      loggedIn: false,
    });
  });

  it('does not answer single sign-on with less than the session proved after an essential aal1 request (review R1)', async () => {
    const { email, secret } = await victim();
    const browser = new ApiBrowser(server);
    const essentialAal1 = JSON.stringify({
      id_token: { acr: { essential: true, values: ['urn:verity:aal1'] } },
    });
    const first = await authorize(browser, plain, { claims: essentialAal1 });
    await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: first.requestId,
    });
    // The next step's code: the set-up's own step was used once already.
    await browser.post(`/api/authenticator/login?requestId=${first.requestId}`, {
      Code: code(secret, 1),
    });
    // The essential claim accepts aal1 only: that request is answered with aal1.
    expect(await finish(browser, first)).toMatchObject({ acr: 'urn:verity:aal1' });
    // The next request asks for two factors, which this session proved: never acr aal1 then.
    const next = await authorize(browser, plain, { acr_values: 'urn:verity:aal2' });
    const claims = next.requestId ? await finish(browser, next) : await exchange(next);
    expect(claims).toMatchObject({ acr: 'urn:verity:aal2' });
  });

  /** The ID token's claims of a request single sign-on answered at once. */
  async function exchange(request: Awaited<ReturnType<typeof authorize>>) {
    const tokens = await oidc.authorizationCodeGrant(request.config, request.location, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    return tokens.claims()!;
  }

  it("applies the client's session lifetime to the request's steps and to account calls that name it; the absolute limit to every call", async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const request = await authorize(browser, brief);
    const q = `?requestId=${request.requestId}`;
    const status = async (path: string) => (await browser.fetch(`${server.url}${path}`)).status;
    expect(await status(`/api/profile${q}`)).toBe(200);
    await backdateLogin(server, userId, 120);
    const past = {
      'GET /api/profile (named)': await status(`/api/profile${q}`),
      // A step that names no request serves the browser's latest: still this one.
      'GET /api/profile': await status('/api/profile'),
      'GET /api/home (named)': await status(`/api/home${q}`),
      'GET /api/share (named)': await status(`/api/share${q}`),
    };
    for (const [call, answer] of Object.entries(past))
      expect({ call, status: answer }).toEqual({ call, status: 401 });
    expect(errorOf(await browser.post(`/api/profile${q}`, { given_name: 'X' }))).toEqual({
      status: 401,
      code: 'not_signed_in',
    });
    // The account area is no client's: the browser's latest request, unfinished (abandoned
    // for all we know), does not sign the user out of it.
    expect(await status('/api/home')).toBe(200);
    expect(await status('/api/share')).toBe(200);
    // The absolute limit (30 days) holds for every call.
    await backdateLogin(server, userId, 30 * 24 * 3600);
    expect(await status('/api/home')).toBe(401);
    expect(errorOf(await browser.post('/api/share', { email: 'agent@example.com' }))).toEqual({
      status: 401,
      code: 'not_signed_in',
    });
  });

  it('enforces a social link start and an open banking start as what they are, before reading the body', async () => {
    const { email } = await victim();
    const { browser } = await passwordOnlyInRequest(email);
    // With the second factor pending: a link (account('recent')) and a bank check (the check
    // step) are refused, even with a body that would not validate.
    for (const [path, body] of [
      ['/api/login/google/start', { Purpose: 'link', unexpected: true }],
      ['/api/login/google/start', { Purpose: 'nonsense' }],
      ['/api/login/ob', {}],
    ] as const)
      expect({ path, body, ...errorOf(await browser.post(path, body)) }).toEqual({
        path,
        body,
        status: 403,
        code: 'second_factor_login_required',
      });
    // Nobody signed in: a link needs the account; a bank start is a bank login (public), so
    // its bad body is just bad input.
    const anonymous = new ApiBrowser(server);
    expect(errorOf(await anonymous.post('/api/login/google/start', { Purpose: 'link' }))).toEqual({
      status: 401,
      code: 'not_signed_in',
    });
    expect(errorOf(await anonymous.post('/api/login/ob', {}))).toEqual({
      status: 400,
      code: 'validation_failed',
    });
    // A link from a login older than 15 minutes.
    const linker = `${randomUUID()}@example.com`;
    const stale = await signUp(server, linker);
    await backdateLogin(server, (await server.ctx.users.findByEmail(linker))!.id, 16 * 60);
    expect(errorOf(await stale.post('/api/login/google/start', { Purpose: 'link' }))).toEqual({
      status: 403,
      code: 'recent_login_required',
    });
  });
});
