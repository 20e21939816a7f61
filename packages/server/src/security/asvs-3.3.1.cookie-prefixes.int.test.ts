import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, redirectUri, signUp, strongPassword } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';
import { HttpsBrowser, httpsEnv } from '../test/httpsBrowser.js';

/** A Set-Cookie header's name and attributes (lower-cased names; values as sent). */
function parse(header: string) {
  const [pair, ...rest] = header.split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const index = part.indexOf('=');
      return index < 0
        ? [part.toLowerCase(), '']
        : [part.slice(0, index).toLowerCase(), part.slice(index + 1)];
    }),
  );
  return { name: pair!.slice(0, pair!.indexOf('=')), attributes };
}

/**
 * ASVS 5 3.3.1, 3.3.3 (RFC 6265bis 4.1.3): under an https issuer every cookie Verity or
 * oidc-provider sets on a whole sign-in (request, sign-up, finish, sign-out) is `__Host-`
 * (Secure, Path=/, no Domain) or, scoped to a path, `__Secure-`; all are HttpOnly and
 * SameSite=Lax. The flow completing shows the renamed cookies are read back too.
 */
describe.each(databaseTargets())('cookie prefixes under an https issuer (%s)', (target) => {
  let server: TestServer;
  let client: { clientId: string; clientSecret: string | null };

  beforeAll(async () => {
    server = await startTestServer(target, httpsEnv);
    client = await server.ctx.clients.create({
      name: 'Cookie test client',
      redirectUris: [redirectUri],
      skipConsent: true,
    });
  });
  afterAll(async () => server?.close());

  it('names and flags every cookie of a sign-in and sign-out with the prefixes', async () => {
    const browser = new HttpsBrowser(server);
    const verifier = oidc.randomPKCECodeVerifier();
    const authorize = new URL(`${server.url}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: client.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(name, value);
    const started = await browser.fetch(authorize.href);
    expect(started.status).toBe(303);
    const requestPath = new URL(browser.local(started.headers.get('location')!));
    const requestId = requestPath.pathname.split('/').pop()!;
    await browser.fetch(requestPath.href);

    const email = `${randomUUID()}@example.com`;
    await signUp(server, email, browser, requestId);
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.status).toBe(200);
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (response.status === 303 && !response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(response.headers.get('location')!);
    expect(new URL(response.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    expect((await browser.post('/api/logoutconfirm')).status).toBe(200);

    const cookies = browser.setCookies.map(parse);
    const names = new Set(cookies.map((cookie) => cookie.name));
    expect(names).toEqual(
      new Set([
        '__Host-verity.browser',
        '__Host-session',
        '__Host-session.sig',
        '__Secure-interaction',
        '__Secure-interaction.sig',
        '__Secure-interaction_resume',
        '__Secure-interaction_resume.sig',
      ]),
    );
    for (const { name, attributes } of cookies) {
      expect(attributes.has('secure'), name).toBe(true);
      expect(attributes.has('httponly'), name).toBe(true);
      expect(attributes.get('samesite')?.toLowerCase(), name).toBe('lax');
      expect(attributes.has('domain'), name).toBe(false);
      if (name.startsWith('__Host-')) expect(attributes.get('path'), name).toBe('/');
      else expect(attributes.get('path'), name).toMatch(/^\/(requests|oidc\/auth)\/[\w-]+$/);
    }
    // Signed out: the session cookie was cleared by a header the browser accepts for __Host-.
    expect(
      cookies.some(
        ({ name, attributes }) =>
          name === '__Host-session' && /1970/.test(attributes.get('expires') ?? ''),
      ),
    ).toBe(true);
  });

  it('keeps the e-mail login working with the renamed cookies', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email, new HttpsBrowser(server));
    const browser = new HttpsBrowser(server);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
    });
    expect(login.body.failed).toBe(false);
    const session = await browser.fetch(`${server.url}/api/session`);
    expect(await session.json()).toMatchObject({ loggedIn: true, email });
  });
});

describe('cookie names on plain http (development)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it('keeps the unprefixed names browsers accept without TLS', async () => {
    const browser = new ApiBrowser(server);
    const response = await browser.fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.headers.getSetCookie().map((header) => parse(header).name)).not.toContain(
      expect.stringMatching(/^__/),
    );
    const email = `${randomUUID()}@example.com`;
    const signedUp = await signUp(server, email, browser);
    expect(signedUp.header()).toMatch(/(^|; )_session=/);
    expect(signedUp.header()).toMatch(/(^|; )verity\.browser=/);
  });
});
