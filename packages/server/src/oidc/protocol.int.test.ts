import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimIdentity } from '../test/identities.js';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, signUp, strongPassword } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

const redirectUri = 'http://127.0.0.1:3001/callback';

describe.each(databaseTargets())('OpenID provider protocol (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let clientSecret: string;
  let config: oidc.Configuration;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Protocol test client',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: ['http://127.0.0.1:3001/'],
      // Consent and profile have their own suite; this one is about the protocol.
      skipConsent: true,
    });
    clientId = created.clientId;
    clientSecret = created.clientSecret!;
    config = await oidc.discovery(
      new URL(server.url),
      clientId,
      clientSecret,
      oidc.ClientSecretBasic(clientSecret),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    userId = (await server.ctx.users.findByEmail(email))!.id;
  });

  afterAll(async () => server?.close());

  function authorizationUrl(params: Record<string, string>): string {
    const url = new URL(`${server.url}/oidc/auth`);
    for (const [key, value] of Object.entries({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      ...params,
    })) {
      url.searchParams.set(key, value);
    }
    return url.href;
  }

  async function authorizationRequest(extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    return { url, verifier, state, nonce };
  }

  /** Follows the provider's redirects until the browser leaves for the client or lands on a page. */
  async function follow(browser: ApiBrowser, response: Response): Promise<URL> {
    while (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, server.url);
      if (location.href.startsWith(redirectUri) || location.pathname.startsWith('/requests/'))
        return location;
      response = await browser.fetch(location.href);
    }
    throw new Error(
      `stopped at ${response.status}: ${(await response.text()).replace(/[\s\S]*<\/style>/, '').slice(0, 800)}`,
    );
  }

  /** The browser's part: authorization request, request entry, password login, back to the client. */
  async function signIn(
    scope: string,
    extra: Record<string, string> = {},
    browser = new ApiBrowser(server),
    as = email,
  ) {
    const { url, verifier, state, nonce } = await authorizationRequest({ scope, ...extra });
    const requestPath = await follow(browser, await browser.fetch(url.href));
    expect(requestPath.pathname).toMatch(/^\/requests\/[A-Za-z0-9_-]+$/);
    const requestId = requestPath.pathname.split('/').pop()!;
    await browser.fetch(requestPath.href);
    const info = await browser.post(`/api/requests/${requestId}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ clientName: 'Protocol test client', loggedIn: false });

    const login = await browser.post('/api/login/email', {
      Email: as,
      Password: strongPassword,
      RequestId: requestId,
      RememberMe: true,
    });
    expect(login.body).toEqual({ failed: false, email: as, userRequirements: [] });
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.body).toMatchObject({ userRequirements: [], clearSession: false });
    const callback = await follow(
      browser,
      await browser.fetch(generated.body.redirect_Uri as string),
    );
    return { callback, verifier, state, nonce, browser, requestId };
  }

  it('a client that skips consent gets document details without a consent loop', async () => {
    const documentDetails = JSON.stringify({
      id_token: {
        verified_claims: {
          verification: {
            trust_framework: null,
            evidence: [
              { type: { value: 'document' }, document_details: { document_number: null } },
            ],
          },
          claims: { family_name: null },
        },
      },
    });
    // A user whose identity is verified already (a passport and the questions).
    const verifiedEmail = `${randomUUID()}@example.com`;
    await signUp(server, verifiedEmail);
    // Evidence counts only about the profile's identity (issue 17): the profile is Anna's.
    const verifiedId = await claimIdentity(server, verifiedEmail, 'anna');
    const anna = { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' };
    const scores = { strength: 4, validity: 2, activity: 1, fraud: 1, verification: 2 };
    for (const check of ['Passport', 'KBVL1'] as const)
      await server.ctx.evidence.record(verifiedId, {
        check,
        outcome: 'passed',
        scores,
        provider: 'test',
        transactionId: randomUUID(),
        attributes:
          check === 'Passport'
            ? {
                ...anna,
                document: {
                  type: 'passport',
                  number: '533401372',
                  dateOfExpiry: '2031-04-30',
                  issuer: { name: 'HM Passport Office', country: 'GB' },
                },
              }
            : anna,
      });
    const first = await signIn(
      'openid',
      { claims: documentDetails },
      new ApiBrowser(server),
      verifiedEmail,
    );
    expect(first.callback.searchParams.get('code')).toBeTruthy();
    // Signed in already: straight back, without an interaction.
    const again = await authorizationRequest({ claims: documentDetails });
    const back = await follow(first.browser, await first.browser.fetch(again.url.href));
    expect(back.href.startsWith(redirectUri)).toBe(true);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('publishes discovery metadata that follows RFC 9700', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(server.url);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(metadata.revocation_endpoint).toBe(`${server.url}/oidc/token/revocation`);
    expect(metadata.introspection_endpoint).toBe(`${server.url}/oidc/token/introspection`);
    expect(metadata.end_session_endpoint).toBe(`${server.url}/oidc/session/end`);
    expect(metadata.acr_values_supported).toEqual([
      'urn:verity:aal1',
      'urn:verity:aal2',
      'urn:verity:ial2',
    ]);
  });

  it('publishes ES256 and RS256 public keys only', async () => {
    const jwks = (await (await fetch(config.serverMetadata().jwks_uri!)).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(jwks.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
      expect(key.use).toBe('sig');
    }
  });

  it('refuses a code request without PKCE, back at the client with the iss parameter', async () => {
    const response = await fetch(authorizationUrl({ state: 'xyz' }), { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(server.url);
  });

  it('refuses the plain PKCE method', async () => {
    const response = await fetch(
      authorizationUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
      { redirect: 'manual' },
    );
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('never redirects to an unregistered redirect_uri', async () => {
    const response = await fetch(
      authorizationUrl({
        redirect_uri: 'https://attacker.example/cb',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('Oops. Something went wrong please try again later.');
  });

  it('refuses bad client credentials at the token endpoint', async () => {
    const response = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:wrong-secret`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: redirectUri,
        code_verifier: 'a'.repeat(43),
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('runs the code flow: tokens, userinfo, refresh rotation, introspection, revocation, logout', async () => {
    const { callback, verifier, state, nonce, browser } = await signIn(
      'openid email offline_access',
      { prompt: 'consent' },
    );
    expect(await (await browser.fetch(`${server.url}/api/session`)).json()).toEqual({
      loggedIn: true,
      email,
    });
    expect(callback.searchParams.get('iss')).toBe(server.url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(userId);
    expect(claims.acr).toBe('urn:verity:aal1');
    expect(claims.amr).toEqual(['pwd']);
    expect(claims.auth_time).toBeTypeOf('number');
    expect(tokens.refresh_token).toBeTruthy();

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, userId);
    expect(userinfo).toMatchObject({
      sub: userId,
      email,
      email_verified: true,
    });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toMatchObject({
      active: true,
      sub: userId,
    });
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toMatchObject({
      active: false,
    });

    // Reusing a rotated refresh token is refused and revokes the whole grant (RFC 9700 §4.14.2).
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'http://127.0.0.1:3001/',
      state: 'bye',
    });
    const page = await browser.fetch(logout.href);
    const html = await page.text();
    expect(html).toContain('Yes, sign me out');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.fetch(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirmed.headers.get('location')).toBe('http://127.0.0.1:3001/?state=bye');
    const session = await browser.fetch(`${server.url}/api/session`);
    expect(await session.json()).toEqual({ loggedIn: false, email: null });
  });

  it('refuses a code used twice and revokes the tokens issued from it', async () => {
    const { callback, verifier, state, nonce } = await signIn('openid');
    const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce };
    const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toMatchObject({
      active: false,
    });
  });

  it('signs a returning browser in without a page (SSO), and answers prompt=none', async () => {
    const { browser } = await signIn('openid');
    for (const extra of [{}, { prompt: 'none' }] as Array<Record<string, string>>) {
      const { url, verifier, state, nonce } = await authorizationRequest(extra);
      const callback = await follow(browser, await browser.fetch(url.href));
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      expect(tokens.claims()).toMatchObject({ sub: userId, amr: ['pwd'] });
    }
  });

  it('answers prompt=none without a session with login_required', async () => {
    const { url, state } = await authorizationRequest({ prompt: 'none' });
    const callback = await follow(
      new ApiBrowser(server),
      await fetch(url.href, { redirect: 'manual' }),
    );
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(server.url);
  });

  it.each([
    ['prompt=login', { prompt: 'login' }, 0],
    ['max_age=1 after two seconds', { max_age: '1' }, 2100],
  ])('asks a signed-in browser to log in again for %s', async (_name, extra, wait) => {
    const { browser } = await signIn('openid');
    await new Promise((resolve) => setTimeout(resolve, wait));
    // signIn checks that the request entry says nobody is signed in for this request.
    const { verifier, state, nonce, callback } = await signIn('openid', extra, browser);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      ...('max_age' in extra ? { maxAge: 1 } : {}),
    });
    expect(
      Math.floor(Date.now() / 1000) - (tokens.claims()!.auth_time as number),
    ).toBeLessThanOrEqual(1);
  });

  it('honours a post-logout address only when a client this session used registered it', async () => {
    const { browser } = await signIn('openid');
    const registered = await browser.post('/api/logoutstatus', {
      post_logout_redirect_uri: 'http://127.0.0.1:3001/',
    });
    expect(registered.body).toEqual({ postLogoutUrl: 'http://127.0.0.1:3001/' });
    const foreign = await browser.post('/api/logoutstatus', {
      post_logout_redirect_uri: 'https://evil.example/',
    });
    expect(foreign.body).toEqual({ postLogoutUrl: null });
  });

  it('lets a signed-in browser sign in as someone else when asked to log in again', async () => {
    const { browser } = await signIn('openid');
    const other = `${randomUUID()}@example.com`;
    await signUp(server, other);
    const { verifier, state, nonce, callback } = await signIn(
      'openid',
      { prompt: 'login' },
      browser,
      other,
    );
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()!.sub).toBe((await server.ctx.users.findByEmail(other))!.id);
    expect(await (await browser.fetch(`${server.url}/api/session`)).json()).toEqual({
      loggedIn: true,
      email: other,
    });
  });

  it("asks for a new login once the client's session lifetime has passed", async () => {
    const { browser } = await signIn('openid');
    // Age the session by two minutes.
    const rows = await server.ctx.database.db
      .selectFrom('oidc_payloads')
      .select(['id', 'payload'])
      .where('model', '=', 'Session')
      .execute();
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as { loginTs?: number };
      if (payload.loginTs) payload.loginTs -= 120;
      await server.ctx.database.db
        .updateTable('oidc_payloads')
        .set({ payload: JSON.stringify(payload) })
        .where('model', '=', 'Session')
        .where('id', '=', row.id)
        .execute();
    }
    const requestInfoFor = async (sessionLifetime: number | null) => {
      const client = await server.ctx.clients.create({
        name: 'Another',
        redirectUris: [redirectUri],
        sessionLifetime,
      });
      const url = new URL(`${server.url}/oidc/auth`);
      const params = {
        client_id: client.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirectUri,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const landing = await follow(browser, await browser.fetch(url.href));
      await browser.fetch(landing.href);
      return (await browser.post(`/api${landing.pathname}`)).body;
    };
    expect(await requestInfoFor(60)).toMatchObject({ loggedIn: false });
    expect(await requestInfoFor(null)).toMatchObject({ loggedIn: true, email });
  });

  it.each([
    ['fragment', (callback: URL) => new URLSearchParams(callback.hash.slice(1))],
    ['query', (callback: URL) => callback.searchParams],
  ])('honours response_mode=%s', async (mode, paramsOf) => {
    const { callback, state } = await signIn('openid', { response_mode: mode });
    const params = paramsOf(callback);
    expect(params.get('code')).toBeTruthy();
    expect(params.get('state')).toBe(state);
    expect(params.get('iss')).toBe(server.url);
  });

  it('honours response_mode=form_post', async () => {
    const { browser } = await signIn('openid');
    const { url, state } = await authorizationRequest({ response_mode: 'form_post' });
    const html = await (await browser.fetch(url.href)).text();
    expect(html).toContain(`action="${redirectUri}"`);
    expect(html).toContain(`name="state" value="${state}"`);
    expect(html).toMatch(/name="code" value="[^"]+"/);
    expect(html).toContain(`name="iss" value="${server.url}"`);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const { callback, state, nonce } = await signIn('openid');
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
        expectedNonce: nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps a rotated key published so tokens it signed still verify', async () => {
    const before = await server.ctx.keys.list();
    await server.ctx.keys.rotate();
    const jwks = await server.ctx.keys.providerJwks();
    const kids = jwks.keys.map((key) => key.kid);
    for (const key of before) expect(kids).toContain(key.kid);
    expect(kids).toHaveLength(4);
    // the newest active keys come first, so they are the ones used to sign
    expect(before.map((key) => key.kid)).not.toContain(kids[0]);
  });
});
