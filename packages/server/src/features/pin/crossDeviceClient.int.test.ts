import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrossDeviceClient } from '../../../../web/src/pin/crossDeviceClient';
import { getIdentity } from '../../../../web/src/pin/identities';
import { memoryStorage } from '../../../../web/src/state/memoryStorage';
import type { KeyValueStorage } from '../../../../web/src/state/storage';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { createPinShop, isSignedIn, spaPinBrowser } from '../../test/pinBrowser.js';
import { startTestServer, type CookieJar, type TestServer } from '../../test/testServer.js';

// The SPA's cross-device client (packages/web/src/pin) against the real server, over real HTTP.
describe.each(databaseTargets())('the browser’s cross-device PIN client (%s)', (target) => {
  let server: TestServer;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  const browserWith = (storage?: KeyValueStorage, jar?: CookieJar) =>
    spaPinBrowser(CrossDeviceClient, server, clientId, storage, jar);

  it('a waiting browser is signed in by a device that approves with its PIN', async () => {
    const jar = await signUp(server, 'spa-xdev@example.com', new ApiBrowser(server));
    const device = browserWith(memoryStorage(), jar);
    const start = await device.client.startRegistration();
    await device.client.register(start, '0420');

    const waiting = browserWith();
    const access = await waiting.client.fetchAccessId();
    expect(await waiting.client.poll(access.accessURL, access.webOTT)).toEqual({ status: 'new' });
    const details = await device.client.lookup({ accessNumber: access.accessNumber });
    expect(details).toMatchObject({ clientName: 'PIN shop', accessNumber: access.accessNumber });
    await expect(
      device.client.approve(start.userId, '9999', details.accessId),
    ).rejects.toMatchObject({ status: 401 });
    await device.client.approve(start.userId, '0420', details.accessId);
    expect(await waiting.client.poll(access.accessURL, access.webOTT)).toMatchObject({
      status: 'approved',
      display: 'spa-xdev@example.com',
    });
    expect(await isSignedIn(server, waiting.jar)).toBe(true);
  });

  it('a push lists for the named user, and the third wrong PIN marks the identity REVOKED', async () => {
    const jar = await signUp(server, 'spa-push@example.com', new ApiBrowser(server));
    const device = browserWith(memoryStorage(), jar);
    const start = await device.client.startRegistration();
    const identity = await device.client.register(start, '1357');

    const waiting = browserWith();
    expect(() => waiting.client.pushAuth(' ')).toThrow('Missing user ID');
    const push = await waiting.client.pushAuth('spa-push@example.com');
    const [pending] = await device.client.pending(identity);
    expect(pending).toMatchObject({ accessNumber: push.accessNumber, push: true });
    for (const wrong of ['0000', '1111'])
      await expect(
        device.client.approve(start.userId, wrong, pending!.accessId),
      ).rejects.toMatchObject({ status: 401 });
    await expect(
      device.client.approve(start.userId, '2222', pending!.accessId),
    ).rejects.toMatchObject({ status: 410 });
    expect(getIdentity(device.storage, clientId, start.userId).state).toBe('REVOKED');
    expect(await waiting.client.poll(push.accessURL, push.webOTT)).toEqual({ status: 'new' });
  });

  it('approve and register: the new browser takes an activation code once and registers its PIN', async () => {
    const jar = await signUp(server, 'spa-newdev@example.com', new ApiBrowser(server));
    const device = browserWith(memoryStorage(), jar);
    const start = await device.client.startRegistration();
    await device.client.register(start, '2468');

    const waiting = browserWith();
    const access = await waiting.client.fetchAccessId();
    const { accessId } = await device.client.lookup({ accessNumber: access.accessNumber });
    await device.client.approveAndRegister(start.userId, '2468', accessId, 'Chrome on Linux');
    const signedIn = await waiting.client.poll(access.accessURL, access.webOTT);
    expect(signedIn).toMatchObject({ status: 'approved', register: true });
    const activation = await waiting.client.confirmVerification(access.webOTT);
    expect(activation).toMatchObject({ userId: start.userId, deviceName: 'Chrome on Linux' });
    await expect(waiting.client.confirmVerification(access.webOTT)).rejects.toMatchObject({
      status: 403,
    });
    // As /mpinsetup?acttoken= does it.
    const resumed = await waiting.client.startRegistration(activation.actToken);
    const own = await waiting.client.register(resumed, '1234');
    expect(own).toMatchObject({ state: 'REGISTERED' });
    const later = browserWith(waiting.storage);
    expect(await later.client.authenticate(start.userId, '1234')).toMatchObject({
      display: 'spa-newdev@example.com',
    });
  });
});
