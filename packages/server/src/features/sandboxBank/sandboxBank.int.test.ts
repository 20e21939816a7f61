import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, redisTargets } from '../../test/databases.js';
import { CookieJar, startTestServer, type TestServer } from '../../test/testServer.js';
import { sandboxClientSecret } from './sandboxClient.js';

/** Its short-lived records (codes, tokens) in the database, and in Redis when configured. */
const targets = [
  ...databaseTargets().map((db) => ({ name: db, db, env: {} })),
  ...redisTargets().map((url) => ({
    name: 'sqlite with Redis',
    db: 'sqlite' as const,
    env: { REDIS_URL: url },
  })),
];

describe.each(targets)('the sandbox bank ($name)', ({ db, env }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(db, env);
  });
  afterAll(async () => server?.close());

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = (extra: Record<string, string> = {}) => {
    const url = new URL(`${server.url}/sandbox-bank/`);
    const params = {
      response_type: 'code',
      client_id: 'verity',
      redirect_uri: `${server.url}/ObCallback`,
      scope: 'info accounts cards',
      state: 'a-state-of-sixteen-chars',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const requestOf = async (response: Response) =>
    /name="request" value="([^"]+)"/.exec(await response.text())![1]!;

  async function codeFor(customer: string, browser = new CookieJar()) {
    const request = await requestOf(await browser.fetch(authorize()));
    await browser.fetch(
      `${server.url}/sandbox-bank/login`,
      form({ request, username: customer, password: 'sandbox' }),
    );
    const back = await browser.fetch(
      `${server.url}/sandbox-bank/consent`,
      form({ request, decision: 'allow' }),
    );
    return new URL(back.headers.get('location')!).searchParams.get('code')!;
  }
  const exchange = (code: string, overrides: Record<string, string> = {}) =>
    fetch(
      `${server.url}/sandbox-bank/connect/token`,
      form({
        grant_type: 'authorization_code',
        client_id: 'verity',
        client_secret: sandboxClientSecret(server.ctx.secrets.dataKey),
        redirect_uri: `${server.url}/ObCallback`,
        code,
        code_verifier: verifier,
        ...overrides,
      }),
    );

  it('shows a login page plainly marked as a sandbox, in a frame of Verity only', async () => {
    const response = await fetch(authorize());
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Sandbox bank.');
    expect(page).toContain('No real bank is involved');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it.each([
    ['an unregistered redirect address', { redirect_uri: 'https://evil.example/cb' }],
    ['another client', { client_id: 'someone' }],
    ['no PKCE', { code_challenge_method: 'plain' }],
    ['a short state', { state: 'x' }],
  ])('refuses %s with its own error page', async (_case, extra) => {
    const response = await fetch(authorize(extra));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Sandbox Bank: something is wrong');
  });

  it('refuses a wrong password, and after five tries sends the customer back', async () => {
    const browser = new CookieJar();
    const request = await requestOf(await browser.fetch(authorize()));
    for (let i = 0; i < 5; i++) {
      const wrong = await browser.fetch(
        `${server.url}/sandbox-bank/login`,
        form({ request, username: 'current', password: 'nope' }),
      );
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('The customer name or password is not right.');
    }
    const last = await browser.fetch(
      `${server.url}/sandbox-bank/login`,
      form({ request, username: 'current', password: 'sandbox' }),
    );
    expect(last.status).toBe(303);
    expect(new URL(last.headers.get('location')!).searchParams.get('error')).toBe(
      'AUTHENTICATION_ERROR',
    );
  });

  it('accepts the forms only from the browser that started the login', async () => {
    const request = await requestOf(await new CookieJar().fetch(authorize()));
    const stranger = await new CookieJar().fetch(
      `${server.url}/sandbox-bank/login`,
      form({ request, username: 'current', password: 'sandbox' }),
    );
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('This login has expired');
  });

  it('exchanges a code once, with the right verifier, for a token that reads the data', async () => {
    expect(
      (await exchange(await codeFor('current'), { code_verifier: 'x'.repeat(43) })).status,
    ).toBe(400);
    expect((await exchange(await codeFor('current'), { client_secret: 'guess' })).status).toBe(401);
    const code = await codeFor('current');
    const token = (await (await exchange(code)).json()) as {
      access_token: string;
      token_type: string;
    };
    expect(token.token_type).toBe('Bearer');
    expect((await exchange(code)).status).toBe(400);

    const read = (path: string, auth = `Bearer ${token.access_token}`) =>
      fetch(`${server.url}/sandbox-bank/data/v1/${path}`, { headers: { authorization: auth } });
    expect(await (await read('accounts')).json()).toMatchObject({
      results: [
        {
          account_type: 'TRANSACTION',
          account_number: { sort_code: '08-99-99', number: '66374958' },
        },
      ],
    });
    expect(await (await read('info')).json()).toMatchObject({
      results: [{ full_name: 'Ada Lovelace' }],
    });
    expect((await read('accounts', 'Bearer not-a-token-at-all-really')).status).toBe(401);
    expect((await read('accounts', '')).status).toBe(401);
  });

  it('answers in a web message page when asked (embedded frame)', async () => {
    const browser = new CookieJar();
    const request = await requestOf(
      await browser.fetch(authorize({ response_mode: 'web_message' })),
    );
    await browser.fetch(
      `${server.url}/sandbox-bank/login`,
      form({ request, username: 'current', password: 'sandbox' }),
    );
    const back = await browser.fetch(
      `${server.url}/sandbox-bank/consent`,
      form({ request, decision: 'allow' }),
    );
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain(`data-origin="${server.url}"`);
    expect(page).toContain('data-type="code"');
    expect(page).toContain('data-state="a-state-of-sixteen-chars"');
  });
});

describe('the sandbox bank in production', () => {
  it('is off unless configured', async () => {
    const server = await startTestServer('sqlite', { NODE_ENV: 'production' });
    try {
      expect(
        (await fetch(`${server.url}/sandbox-bank/connect/token`, { method: 'POST' })).status,
      ).toBe(404);
      expect(await (await fetch(`${server.url}/api/ob/providers`)).json()).toEqual({
        providers: [],
        obProviderType: null,
      });
    } finally {
      await server.close();
    }
  });
});
