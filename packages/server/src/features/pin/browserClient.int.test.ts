import { consentMessage } from '@verity/contracts';
import { verifySignature } from '@verity/pin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../../web/src/state/memoryStorage';
import type { KeyValueStorage } from '../../../../web/src/state/storage';
import { PinClient } from '../../../../web/src/pin/pinClient';
import {
  DVS_KEY,
  MFA_KEY,
  findSigningIdentity,
  getIdentity,
  listIdentities,
} from '../../../../web/src/pin/identities';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { createPinShop, isSignedIn, spaPinBrowser } from '../../test/pinBrowser.js';
import { startTestServer, type CookieJar, type TestServer } from '../../test/testServer.js';

// The SPA's PIN client (packages/web/src/pin) against the real server, over real HTTP.
describe.each(databaseTargets())('the browser’s PIN client (%s)', (target) => {
  let server: TestServer;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(target, {
      PIN_RENEW_SECRETS_ISSUED_BEFORE: '2026-01-01T00:00:00Z',
    });
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  /** A browser: its cookies, its localStorage, the SPA's PinClient. */
  const browserWith = (storage?: KeyValueStorage, jar?: CookieJar) =>
    spaPinBrowser(PinClient, server, clientId, storage, jar);

  it('registers, saves the identity without csHex or regOTT, and logs in later', async () => {
    const jar = await signUp(server, 'spa-pin@example.com', new ApiBrowser(server));
    const { client, storage } = browserWith(memoryStorage(), jar);
    const start = await client.startRegistration();
    expect(start.display).toBe('spa-pin@example.com');
    const identity = await client.register(start, '0420');
    expect(identity).toMatchObject({ state: 'REGISTERED', curve: 'BLS12381', pinLength: 4 });
    expect(storage.getItem(MFA_KEY)).not.toMatch(/csHex|regOTT/);
    expect(listIdentities(storage, clientId)).toHaveLength(1);

    const later = browserWith(storage); // same storage, no session cookie
    const result = await later.client.authenticate(start.userId, '0420');
    expect(result).toMatchObject({ display: 'spa-pin@example.com', userRequirements: [] });
    // The answer's dvsRegister: a signing identity of the same user, kept in 'dvs'.
    const signing = findSigningIdentity(storage, clientId, start.userId);
    expect(signing).toMatchObject({ state: 'REGISTERED', curve: 'BLS12381', pinLength: 4 });
    expect(signing?.publicKey).toMatch(/^[0-9a-f]{192}$/);
    expect(signing?.mpinId).not.toBe(identity.mpinId);
    expect(storage.getItem(DVS_KEY)).not.toMatch(/csHex|regOTT/);

    // It signs a consent message the server's key for that identity verifies.
    const toSign = { clientId, requestId: 'req-1', userId: start.userId, claims: ['email'] };
    const { signature, signedAt } = later.client.signConsent(toSign, '0420');
    expect(signature).toMatchObject({ mpinId: signing?.mpinId, publicKey: signing?.publicKey });
    const rows = await server.ctx.database.db.selectFrom('pin_identities').selectAll().execute();
    const signingRow = rows.find((row) => row.mpin_id === signing?.mpinId)!;
    expect(signingRow).toMatchObject({ kind: 'signing', state: 'active' });
    const serverKey = server.ctx.pins.serverKeyOf(signingRow)!;
    const message = consentMessage(toSign, signedAt);
    expect(verifySignature({ message, signature, serverKey })).toBe(true);
    const wrongPin = later.client.signConsent(toSign, '0421');
    expect(
      verifySignature({
        message: consentMessage(toSign, wrongPin.signedAt),
        signature: wrongPin.signature,
        serverKey,
      }),
    ).toBe(false);
    later.client.signingRevoked(start.userId);
    expect(later.client.canSign(start.userId)).toBe(false);
    expect(getIdentity(storage, clientId, start.userId).state).toBe('REGISTERED');
    expect(await isSignedIn(server, later.jar)).toBe(true);
  });

  it('renewSecret: renews the secret with the PIN just typed and logs in, in one call', async () => {
    const jar = await signUp(server, 'spa-renew@example.com', new ApiBrowser(server));
    const { client, storage } = browserWith(memoryStorage(), jar);
    const start = await client.startRegistration();
    const before = await client.register(start, '2468');
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ secret_issued_at: Date.parse('2025-01-01T00:00:00Z') })
      .where('user_id', '=', start.userId)
      .execute();
    const later = browserWith(storage);
    const result = await later.client.authenticate(start.userId, '2468');
    expect(result).not.toHaveProperty('renewSecret');
    // The renewal's new mpin_id (signatureURL's mpin_id) is kept with the new token.
    const after = getIdentity(storage, clientId, start.userId);
    expect(after.mpinId).not.toBe(before.mpinId);
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(after.token).not.toBe(before.token);
    const rows = await server.ctx.database.db
      .selectFrom('pin_identities')
      .select(['mpin_id', 'public_key'])
      .where('user_id', '=', start.userId)
      .where('kind', '=', 'login')
      .execute();
    expect(rows).toEqual([{ mpin_id: after.mpinId, public_key: after.publicKey }]);
    expect(await isSignedIn(server, later.jar)).toBe(true);
    // And it logs in again without another renewal.
    await expect(
      browserWith(storage).client.authenticate(start.userId, '2468'),
    ).resolves.toMatchObject({ display: 'spa-renew@example.com' });
  });

  it('three wrong PINs: 401, 401, then 410 and the saved identity is REVOKED', async () => {
    const jar = await signUp(server, 'spa-revoked@example.com', new ApiBrowser(server));
    const { client, storage } = browserWith(memoryStorage(), jar);
    const start = await client.startRegistration();
    await client.register(start, '1357');
    await expect(client.authenticate(start.userId, '0000')).rejects.toMatchObject({ status: 401 });
    await expect(client.authenticate(start.userId, '1111')).rejects.toMatchObject({ status: 401 });
    await expect(client.authenticate(start.userId, '2222')).rejects.toMatchObject({
      status: 410,
      code: 'pin_revoked',
    });
    expect(getIdentity(storage, clientId, start.userId).state).toBe('REVOKED');
    await expect(client.authenticate(start.userId, '1357')).rejects.toMatchObject({
      code: 'pin_revoked',
    });
  });

  it('refuses without its options, and without a saved identity', async () => {
    expect(() => new PinClient({ server: '', customerId: 'x', storage: memoryStorage() })).toThrow(
      'Missing option: server',
    );
    expect(
      () => new PinClient({ server: server.url, customerId: '', storage: memoryStorage() }),
    ).toThrow('Missing option: customerId');
    await expect(browserWith().client.authenticate('', '1234')).rejects.toThrow('Missing user ID');
    await expect(browserWith().client.authenticate('nobody', '1234')).rejects.toThrow(
      'Missing identity',
    );
  });
});
