import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import { pinShop } from '../../test/pinBrowser.js';
import type { TestServer } from '../../test/testServer.js';

const newEmail = () => `${randomUUID()}@example.com`;

/**
 * Logout on a shared computer: a client's request in progress ends with the session, so the
 * next person to sign in at this browser is not carried into that client's steps (here the
 * PIN shop's PIN set-up), not even by going back to the request's address.
 */
describe.each(databaseTargets())('logout ends the request in progress (%s)', (target) => {
  let server: TestServer;
  let config: Awaited<ReturnType<typeof startServerWithClient>>['config'];

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(target, {}, pinShop([redirectUri])));
  });
  afterAll(async () => server?.close());

  it("forgets the client's request and the browser's id; the next person starts afresh", async () => {
    const browser = new ApiBrowser(server);
    const { requestId } = await startSignInRequest(server, config, browser);
    await signUp(server, newEmail(), browser, requestId);
    const during = await browser.post(`/api/requests/${requestId}`);
    expect(during.status).toBe(200);
    expect(during.body.userRequirements).toContain('setupMPin');
    expect(browser.header()).toContain('verity.browser=');

    expect((await browser.post('/api/logoutconfirm')).status).toBe(200);
    // A new browser id at the next flow: nothing bound to the old one is reachable.
    expect(browser.header()).not.toContain('verity.browser=');
    const after = await browser.post(`/api/requests/${requestId}`);
    expect(after).toMatchObject({ status: 404, body: { error: { code: 'request_not_found' } } });

    // Landing on the request's address again (the Back button) does not bring it back.
    await browser.fetch(`${server.url}/requests/${requestId}`);
    expect((await browser.post(`/api/requests/${requestId}`)).status).toBe(404);

    // The next person signs up and logs in here: the old request is nobody's step.
    const next = newEmail();
    await signUp(server, next, new ApiBrowser(server));
    const stale = await browser.post('/api/login/email', {
      Email: next,
      Password: strongPassword,
      RequestId: requestId,
    });
    expect(stale).toMatchObject({ status: 404, body: { error: { code: 'request_not_found' } } });
    const login = await browser.post('/api/login/email', { Email: next, Password: strongPassword });
    expect(login).toMatchObject({ status: 200, body: { failed: false, userRequirements: [] } });
  });

  it('leaves a request that belongs to another browser alone', async () => {
    const owner = new ApiBrowser(server);
    const { requestId } = await startSignInRequest(server, config, owner);
    const other = await signUp(server, newEmail());
    expect((await other.post('/api/logoutconfirm')).status).toBe(200);
    expect((await owner.post(`/api/requests/${requestId}`)).status).toBe(200);
  });
});
