import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { CookieJar, startTestServer, type TestServer } from '../test/testServer.js';

const redirectUri = 'http://127.0.0.1:3001/callback';

describe.each(databaseTargets())('OpenID provider protocol (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let clientSecret: string;
  let config: oidc.Configuration;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Protocol test client',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: ['http://127.0.0.1:3001/'],
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
    userId = randomUUID();
    await server.ctx.database.db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        email_verified: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
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

  /** Runs the browser's part: authorization request, request entry, sign-in, back to the client. */
  async function signIn(scope: string, extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const browser = new CookieJar();
    const start = await browser.fetch(url.href);
    expect(start.status).toBe(303);
    const requestPath = start.headers.get('location')!;
    expect(requestPath).toMatch(/^\/requests\/[A-Za-z0-9_-]+$/);
    const requestId = requestPath.split('/').pop()!;
    await browser.fetch(`${server.url}${requestPath}`);
    const info = await browser.fetch(`${server.url}/api/requests/${requestId}`, { method: 'POST' });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      clientName: 'Protocol test client',
      loggedIn: false,
    });

    const interaction = await server.ctx.provider.Interaction.find(requestId);
    const returnTo = await server.ctx.interactions.signIn(interaction!, {
      accountId: userId,
      amr: ['pwd'],
      acr: 'urn:verity:aal1',
    });
    let response = await browser.fetch(returnTo);
    while (
      response.status >= 300 &&
      response.status < 400 &&
      !response.headers.get('location')!.startsWith(redirectUri)
    ) {
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    }
    const callback = new URL(response.headers.get('location')!);
    return { callback, verifier, state, nonce, browser };
  }

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
      email: `${userId}@example.com`,
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
      email: `${userId}@example.com`,
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

  it('never reuses an authorization code', async () => {
    const { callback, verifier, state, nonce } = await signIn('openid');
    await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
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
