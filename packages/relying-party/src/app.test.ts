import * as client from 'openid-client';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, FLOW_COOKIE, SESSION_COOKIE } from './app.js';
import { loadConfig } from './config.js';

const ISSUER = 'http://localhost:3000';
const config = loadConfig({ RP_CLIENT_ID: 'demo-client', RP_CLIENT_SECRET: 'demo-secret' });

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A Configuration as discovery would give, whose HTTP calls go to `fetchStub`. */
function issuerConfiguration(fetchStub: client.CustomFetch): client.Configuration {
  const oidc = new client.Configuration(
    {
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      userinfo_endpoint: `${ISSUER}/me`,
      end_session_endpoint: `${ISSUER}/session/end`,
      jwks_uri: `${ISSUER}/jwks`,
    },
    'demo-client',
    'demo-secret',
    client.ClientSecretBasic('demo-secret'),
  );
  client.allowInsecureRequests(oidc);
  oidc[client.customFetch] = fetchStub;
  return oidc;
}

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

describe('relying party app', () => {
  let app: FastifyInstance;
  let calls: Array<{ url: string; init: RequestInit }>;
  let nonceSeen = '';

  beforeEach(async () => {
    calls = [];
    const fetchStub: client.CustomFetch = async (url, init) => {
      calls.push({ url, init: init as RequestInit });
      if (url === `${ISSUER}/token`) {
        const now = Math.floor(Date.now() / 1000);
        // openid-client does not check the signature of an ID token from the token endpoint.
        const idToken = [
          base64url({ alg: 'RS256', typ: 'JWT' }),
          base64url({
            iss: ISSUER,
            sub: 'user-1',
            aud: 'demo-client',
            iat: now,
            exp: now + 300,
            nonce: nonceSeen,
            email: 'ada@example.com',
          }),
          'c2lnbmF0dXJl',
        ].join('.');
        return Response.json({
          access_token: 'access-token',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      if (url === `${ISSUER}/me`) {
        return Response.json({ sub: 'user-1', email: 'ada@example.com', name: '<Ada>' });
      }
      return new Response('not found', { status: 404 });
    };
    const oidc = issuerConfiguration(fetchStub);
    app = await buildApp({ config, issuer: async () => oidc, cookieSecret: 'test-secret' });
  });

  afterEach(async () => {
    await app.close();
  });

  async function startSignIn() {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const location = new URL(response.headers.location as string);
    return { response, location, flowCookie: cookiesOf(response)[FLOW_COOKIE] as string };
  }

  it('shows the start page with a sign-in button and security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Sign in with Verity');
    expect(response.body).toContain('<form method="post" action="/login">');
    expect(response.headers['content-security-policy']).toContain(
      "form-action 'self' http://localhost:3000",
    );
  });

  it('starts the flow with PKCE S256, state and nonce, keeping them in a signed cookie', async () => {
    const { response, location, flowCookie } = await startSignIn();
    expect(response.statusCode).toBe(303);
    expect(location.origin + location.pathname).toBe(`${ISSUER}/auth`);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe('demo-client');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe('http://127.0.0.1:3001/callback');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    const cookie = response.cookies.find((c) => c.name === FLOW_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(flowCookie).toContain('.'); // signed
  });

  it('completes the flow, shows the claims and signs out at Verity', async () => {
    const { location, flowCookie } = await startSignIn();
    const state = location.searchParams.get('state') as string;
    nonceSeen = location.searchParams.get('nonce') as string;

    const callback = await app.inject({
      method: 'GET',
      url: `/callback?code=the-code&state=${encodeURIComponent(state)}`,
      cookies: { [FLOW_COOKIE]: flowCookie },
    });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/me');
    const tokenCall = calls.find((call) => call.url === `${ISSUER}/token`);
    const tokenBody = new URLSearchParams(String(tokenCall?.init.body));
    expect(tokenBody.get('code')).toBe('the-code');
    expect(tokenBody.get('redirect_uri')).toBe('http://127.0.0.1:3001/callback');
    expect(tokenBody.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    // client_secret_basic: form-encoded id and secret (RFC 6749, section 2.3.1), then base64.
    const authorization = new Headers(tokenCall?.init.headers).get('authorization') ?? '';
    expect(authorization).toMatch(/^Basic /);
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
    expect([decodeURIComponent(id ?? ''), decodeURIComponent(secret ?? '')]).toEqual([
      'demo-client',
      'demo-secret',
    ]);
    const sessionCookie = cookiesOf(callback)[SESSION_COOKIE] as string;
    expect(sessionCookie).toBeTruthy();

    const me = await app.inject({
      method: 'GET',
      url: '/me',
      cookies: { [SESSION_COOKIE]: sessionCookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('ada@example.com');
    expect(me.body).toContain('&lt;Ada&gt;');
    expect(me.body).toContain('Sign out');

    const logout = await app.inject({
      method: 'POST',
      url: '/logout',
      cookies: { [SESSION_COOKIE]: sessionCookie },
    });
    expect(logout.statusCode).toBe(303);
    const endSession = new URL(logout.headers.location as string);
    expect(endSession.origin + endSession.pathname).toBe(`${ISSUER}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:3001/');
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    const after = await app.inject({
      method: 'GET',
      url: '/me',
      cookies: { [SESSION_COOKIE]: sessionCookie },
    });
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/');
  });

  it("shows the provider's error and its description, escaped", async () => {
    const { location, flowCookie } = await startSignIn();
    const state = location.searchParams.get('state') as string;
    const query = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user <cancelled>',
      state,
    });
    const response = await app.inject({
      method: 'GET',
      url: `/callback?${query}`,
      cookies: { [FLOW_COOKIE]: flowCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('access_denied');
    expect(response.body).toContain('The user &lt;cancelled&gt;');
    expect(calls).toHaveLength(0);
  });

  it('refuses a callback whose state does not match, or without a sign-in in progress', async () => {
    const { flowCookie } = await startSignIn();
    const wrongState = await app.inject({
      method: 'GET',
      url: '/callback?code=x&state=other',
      cookies: { [FLOW_COOKIE]: flowCookie },
    });
    expect(wrongState.statusCode).toBe(502);
    expect(calls).toHaveLength(0);

    const noFlow = await app.inject({ method: 'GET', url: '/callback?code=x&state=y' });
    expect(noFlow.statusCode).toBe(400);
    expect(noFlow.body).toContain('no sign-in in progress');

    const forged = await app.inject({
      method: 'GET',
      url: '/callback?code=x&state=y',
      cookies: { [FLOW_COOKIE]: 'eyJzdGF0ZSI6InkifQ.forged' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('sends a visitor without a session back to the start, and answers 404 for unknown paths', async () => {
    expect((await app.inject({ method: 'GET', url: '/me' })).headers.location).toBe('/');
    expect((await app.inject({ method: 'POST', url: '/logout' })).headers.location).toBe('/');
    const missing = await app.inject({ method: 'GET', url: '/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });
});
