import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { inParallel, warmConnections } from '../test/oidcAttacker.js';
import { PinBrowser, createPinShop, signedUpPinBrowser } from '../test/pinBrowser.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/**
 * ASVS 5 V6 for the PIN scheme: a registration's activation token, a login's authOTT and a
 * cross-device approval are one-time. Sent 20 times at once, each is accepted once.
 */
describe.each(databaseTargets())('PIN one-time tokens (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let users = 0;

  beforeAll(async () => {
    server = await startTestServer(target, { TRUST_PROXY: '1' });
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  const signedIn = () => signedUpPinBrowser(server, clientId, `pin-race${++users}@example.com`);

  it('an authOTT signs in once', async () => {
    const browser = await signedIn();
    const identity = await browser.register('0420');
    const fresh = new PinBrowser(server, clientId);
    const passed = await fresh.login(identity, '0420');
    expect(passed.status).toBe(200);
    await warmConnections(server, 20);
    const answers = await inParallel(20, () => fresh.authenticate(passed.body.authOTT as string));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });

  it('a registration activation token registers once', async () => {
    const browser = await signedIn();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const settings = await browser.settings();
    await warmConnections(server, 20);
    const answers = await inParallel(20, () =>
      browser.call('PUT', settings.registerURL!, {
        userId,
        wid: 'web',
        mobile: 0,
        deviceName: 'Chromium on Linux',
        activateCode: actToken,
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });

  it('a cross-device approval signs the waiting browser in once, of 20 parallel polls', async () => {
    const device = await signedIn();
    const identity = await device.register('2468');
    const waiting = new PinBrowser(server, clientId);
    const started = await waiting.call('POST', '/api/mpin/rps/v2/accessid', {});
    const access = started.body as Record<string, string>;
    const accessId = access.qrURL!.split('#')[1]!;
    const passed = await device.login(identity, '2468');
    await warmConnections(server, 20);
    const approvals = await inParallel(20, () =>
      device.call('POST', '/api/mpin/rps/v2/access/approve', {
        accessId,
        authOTT: passed.body.authOTT,
      }),
    );
    expect(approvals.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of approvals) expect(answer.status).toBeLessThan(500);

    await warmConnections(server, 20);
    const polls = await inParallel(20, () =>
      waiting.call('POST', access.accessURL!, { webOTT: access.webOTT }),
    );
    expect(polls.filter((poll) => poll.body.status === 'approved')).toHaveLength(1);
    for (const poll of polls) expect(poll.status).toBeLessThan(500);
  });
});
