import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriesPersonalData } from '../http/noStore.js';
import { oidcRoutes } from '../oidc/provider.js';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, signUp, strongPassword } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/** Routes allowed to be cached: each opts out with `config: { publicCache: true }`. None today. */
const publicCacheRoutes: string[] = [];

/** Every registered route and its methods, read from Fastify's route tree. */
function registeredRoutes(app: FastifyInstance): Array<{ path: string; methods: string[] }> {
  const routes: Array<{ path: string; methods: string[] }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

/**
 * ASVS 5 14.3.2: every answer that may carry personal data says `Cache-Control: no-store`, so
 * no browser or shared cache keeps it. The walk calls every registered /api and /dev route with
 * each of its methods, signed in, so a new route cannot forget; then the provider's endpoints.
 */
describe.each(databaseTargets())('no-store on every personal answer (%s)', (target) => {
  let server: TestServer;
  let browser: ApiBrowser;

  beforeAll(async () => {
    server = await startTestServer(target);
    browser = await signUp(server, `${randomUUID()}@example.com`);
  });
  afterAll(async () => server?.close());

  it('finds the routes to walk', () => {
    const paths = registeredRoutes(server.app).map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login/email',
        '/api/verify',
        '/api/share/remove',
        '/api/mpin/rps/v2/accessid',
        '/dev/outbox.json',
      ]),
    );
  });

  it('answers no-store on every /api and /dev route, whatever the outcome', async () => {
    const walked: string[] = [];
    const missing: string[] = [];
    for (const { path, methods } of registeredRoutes(server.app)) {
      if (!carriesPersonalData(path) || publicCacheRoutes.includes(path)) continue;
      const url = `${server.url}${path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x')}`;
      for (const method of methods.filter((name) => name !== 'HEAD' && name !== 'OPTIONS')) {
        const response = await browser.fetch(url, {
          method,
          ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        await response.arrayBuffer();
        walked.push(`${method} ${path}`);
        if (response.headers.get('cache-control') !== 'no-store')
          missing.push(`${method} ${path} (${response.status})`);
      }
    }
    expect(walked.length).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('answers the e-mail address of a login and a verification with no-store', async () => {
    const email = `${randomUUID()}@example.com`;
    const fresh = await signUp(server, email);
    const login = await new ApiBrowser(server).fetch(`${server.url}/api/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, Password: strongPassword }),
    });
    expect(await login.json()).toMatchObject({ failed: false, email });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const session = await fresh.fetch(`${server.url}/api/session`);
    expect(await session.json()).toMatchObject({ email });
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  it("answers no-store on the provider's pages and endpoints, not on its public metadata", async () => {
    for (const path of [
      oidcRoutes.authorization,
      oidcRoutes.end_session,
      oidcRoutes.userinfo,
      oidcRoutes.token,
      `${oidcRoutes.authorization}/unknown-interaction`,
    ]) {
      const response = await browser.fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const discovery = await fetch(`${server.url}/.well-known/openid-configuration`);
    expect(discovery.headers.get('cache-control')).not.toBe('no-store');
  });
});
