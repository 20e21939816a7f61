import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, signUp } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/**
 * ASVS 5 3.5.1 (cross-origin requests to sensitive functions are refused): another site cannot
 * sign a user out. Every way to end a session over HTTP is tried from another site; the session
 * survives each. (The SPA's /logout page asks first unless our own menu opened it: the browser
 * half is in e2e/accounts.e2e.test.ts, "asks before signing out".)
 */
describe.each(databaseTargets())('cross-site logout (%s)', (target) => {
  let server: TestServer;
  let browser: ApiBrowser;

  beforeAll(async () => {
    server = await startTestServer(target);
    browser = await signUp(server, `${randomUUID()}@example.com`);
  });
  afterAll(async () => server?.close());

  const signedIn = async () =>
    ((await (await browser.fetch(`${server.url}/api/session`)).json()) as { loggedIn: boolean })
      .loggedIn;

  it.each([
    ['another Origin', { origin: 'https://attacker.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses POST /api/logoutconfirm with %s', async (_name, headers) => {
    const answer = await browser.fetch(`${server.url}/api/logoutconfirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '',
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'cross_origin_request' } });
    expect(await signedIn()).toBe(true);
  });

  it('asks at the end-session endpoint, by GET and by a cross-site form POST', async () => {
    const viaGet = await browser.fetch(`${server.url}/oidc/session/end`);
    expect(viaGet.status).toBe(200);
    expect(await viaGet.text()).toContain('Do you want to sign out');
    const viaPost = await browser.fetch(`${server.url}/oidc/session/end`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
      },
      body: '',
    });
    const page = await browser.fetch(new URL(viaPost.headers.get('location')!, server.url).href);
    expect(await page.text()).toContain('Do you want to sign out');
    expect(await signedIn()).toBe(true);
  });

  it("refuses the end-session confirmation without the page's own token", async () => {
    const answer = await browser.fetch(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'logout=yes',
    });
    expect(answer.status).toBe(400);
    expect(await signedIn()).toBe(true);
  });

  it('signs out with the same-origin call our own page makes', async () => {
    const answer = await browser.post('/api/logoutconfirm');
    expect(answer.status).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});
