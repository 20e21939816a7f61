import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { CookieJar, startTestServer, type TestServer } from '../test/testServer.js';

const bigAsset = `export const words = ${JSON.stringify('lorem ipsum '.repeat(2000))};`;

describe.each(databaseTargets())('HTTP surface (%s)', (target) => {
  let server: TestServer;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'verity-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>SPA</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the web build writes them (packages/web/precompress.ts).
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js'), bigAsset);
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.br'), brotliCompressSync(bigAsset));
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.gz'), gzipSync(bigAsset));
    server = await startTestServer(target, {}, { webRoot });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const post = (
    pathname: string,
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => fetch(`${server.url}${pathname}`, { method: 'POST', headers, body });

  it.each([
    ['malformed JSON', () => post('/api/requests/abcdefghijkl', '{"bad'), 400, 'malformed_json'],
    [
      'a body over 64 KiB',
      () => post('/api/requests/abcdefghijkl', JSON.stringify({ x: 'a'.repeat(70_000) })),
      413,
      'payload_too_large',
    ],
    [
      'a form body',
      () =>
        post('/api/requests/abcdefghijkl', 'a=b', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
      415,
      'unsupported_media_type',
    ],
    ['a malformed request id', () => post('/api/requests/..%2F..', '{}'), 400, 'validation_failed'],
    ['an unknown request', () => post('/api/requests/abcdefghijkl', ''), 404, 'request_not_found'],
    ['an unknown API path', () => fetch(`${server.url}/api/nothing-here`), 404, 'not_found'],
    [
      'a cross-site POST',
      () =>
        post('/api/requests/abcdefghijkl', '{}', {
          'content-type': 'application/json',
          origin: 'https://evil.example',
        }),
      403,
      'cross_origin_request',
    ],
  ])('answers %s with a catalogue code', async (_name, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toBeTruthy();
  });

  it("names each invalid field in English (the contracts' schemas are zod/mini)", async () => {
    const response = await post(
      '/api/contact',
      JSON.stringify({ email: 'someone@example.com', name: 'N'.repeat(201), help: '' }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details: Array<{ path: string; message: string }> };
    };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([
      { path: '/name', message: 'Too big: expected string to have <=200 characters' },
      { path: '/help', message: 'Required' },
    ]);
  });

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it.each([
    ['/', 200],
    ['/login', 200],
    ['/SecondFactor', 200],
    ['/account/share', 200],
    ['/obcallback/some/where', 200],
    ['/no-such-page', 404],
  ])('serves the SPA for %s with status %i', async (pathname, status) => {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('caches hashed assets for good', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('sends the precompressed asset a browser accepting %s takes', async (accepts, encoding) => {
    const response = await fetch(`${server.url}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': accepts },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(bigAsset);
  });

  it('publishes the OpenAPI document of the API', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/requests/{requestId}', '/api/session']),
    );
  });

  it('binds a sign-in request to the browser that started it', async () => {
    const client = await server.ctx.clients.create({
      name: 'Binding test',
      redirectUris: ['https://rp.example/cb'],
      logoUri: 'https://rp.example/logo.svg',
      theme: 'dark',
      themeColours: { primary: '#A4161A', primaryDark: '#ff9b8f' },
      requirePin: true,
    });
    const url = `${server.url}/oidc/auth?${new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://rp.example/cb',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      prompt: 'create',
    })}`;
    const browser = new CookieJar();
    const requestPath = (await browser.fetch(url)).headers.get('location')!;
    const requestId = requestPath.split('/').pop()!;

    // Another browser that learns the id gets nothing.
    const stranger = new CookieJar();
    await stranger.fetch(`${server.url}${requestPath}`);
    const refused = await stranger.fetch(`${server.url}/api/requests/${requestId}`, {
      method: 'POST',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'request_not_bound',
    );

    const page = await browser.fetch(`${server.url}${requestPath}`);
    expect(page.status).toBe(200);
    const info = await browser.fetch(`${server.url}/api/requests/${requestId}`, { method: 'POST' });
    expect(await info.json()).toEqual({
      sendResponse: false,
      clientName: 'Binding test',
      clientLogo: 'https://rp.example/logo.svg',
      assuranceRequired: false,
      sessionLifetime: null,
      loggedIn: false,
      pinRequired: true,
      theme: 'dark',
      userRequirements: ['loginWithMPin'],
      registration: 'true',
      externalAuthentication: false,
      email: null,
      clientId: client.clientId,
      // Not in the spec: the client's own colours, checked at registration (docs/design.md).
      themeColours: {
        primary: '#a4161a',
        primaryDark: '#ff9b8f',
        onPrimary: '#ffffff',
        onPrimaryDark: '#111418',
      },
    });
  });

  it('lists development e-mail in the outbox page and JSON', async () => {
    await server.ctx.email.send({
      to: 'ann@example.com',
      subject: 'Your code',
      text: 'Code <123456>',
    });
    const json = (await (
      await fetch(`${server.url}/dev/outbox.json?recipient=ann@example.com`)
    ).json()) as { messages: unknown[] };
    expect(json.messages).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: 'ann@example.com',
        subject: 'Your code',
        body: 'Code <123456>',
      }),
    ]);
    const html = await (await fetch(`${server.url}/dev/outbox`)).text();
    expect(html).toContain('Code &lt;123456&gt;');
  });

  it('rate-limits the token endpoint per client address', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const response = await fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      last = response.status;
      await response.arrayBuffer();
    }
    expect(last).toBe(429);
  });
});

describe('in production', () => {
  it('has no development outbox', async () => {
    const server = await startTestServer('sqlite', {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      expect((await fetch(`${server.url}/dev/outbox.json`)).status).toBe(404);
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
