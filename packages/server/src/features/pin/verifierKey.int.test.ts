import * as pin from '@verity/pin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { createPinShop, pinIdentityRow, signedUpPinBrowser } from '../../test/pinBrowser.js';

/** What the verifier keeps per identity (docs/pin-protocol.md, 'What the verifier stores'). */
describe.each(databaseTargets())('the stored verifier key (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let users = 0;

  beforeAll(async () => {
    server = await startTestServer(target, { TRUST_PROXY: '1' });
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  const signedInPinBrowser = () => signedUpPinBrowser(server, clientId, `vk${++users}@example.com`);
  const context = (id: string) => `pin-server-key:${id}`;

  it('is K and A decoded (vk1); an identity holding K alone is moved over at its next login', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('0815');
    const row = await pinIdentityRow(server, identity.mpinId);
    const stored = server.ctx.encryption.decrypt(row.server_key!, context(row.id));
    expect(stored).toMatch(/^vk1\.[0-9a-f]{384}\.[0-9a-f]{192}$/);
    const K = server.ctx.pins.serverKeyOf(row)!;
    expect(K).toMatch(/^[0-9a-f]{192}$/);

    // As identities activated before the verifier key were stored: K alone, compressed.
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ server_key: server.ctx.encryption.encrypt(K, context(row.id)) })
      .where('id', '=', row.id)
      .execute();
    expect((await browser.login(identity, '0815')).status).toBe(200);
    const moved = await pinIdentityRow(server, identity.mpinId);
    expect(server.ctx.encryption.decrypt(moved.server_key!, context(row.id))).toMatch(/^vk1\./);
    expect(server.ctx.pins.serverKeyOf(moved)).toBe(K);
    expect((await browser.login(identity, '0816')).status).toBe(401);
    expect((await browser.login(identity, '0815')).status).toBe(200);
  });

  it('a stored key copied from another identity does not decrypt: the identity is revoked, never a 500', async () => {
    const browser = await signedInPinBrowser();
    const first = await browser.register('1111');
    const second = await browser.register('2222');
    const donor = await pinIdentityRow(server, first.mpinId);
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ server_key: donor.server_key })
      .where('mpin_id', '=', second.mpinId)
      .execute();
    const refused = await browser.login(second, '2222');
    expect(refused.status).toBe(410);
    expect(refused.body.error).toMatchObject({ code: 'pin_revoked' });
    const revoked = await pinIdentityRow(server, second.mpinId);
    expect(revoked).toMatchObject({ state: 'revoked', server_key: null });
    expect((await browser.login(second, '2222')).body.error).toMatchObject({ code: 'pin_revoked' });
    expect((await browser.login(first, '1111')).status).toBe(200);
  });

  it('a pass-1 challenge whose U was changed in storage is answered as expired', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('3333');
    const { answer, x } = await browser.pass1(identity);
    const row = await pinIdentityRow(server, identity.mpinId);
    const { db } = server.ctx.database;
    const challenge = await db
      .selectFrom('pin_challenges')
      .selectAll()
      .where('identity_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const [version, iv, ciphertext, tag] = challenge.u.split('.');
    const flipped = (ciphertext![0] === 'A' ? 'B' : 'A') + ciphertext!.slice(1);
    await db
      .updateTable('pin_challenges')
      .set({ u: [version, iv, flipped, tag].join('.') })
      .where('identity_id', '=', row.id)
      .execute();
    const V = pin.pass2({
      mpinId: identity.mpinId,
      token: identity.token,
      pin: '3333',
      x,
      y: answer.body.y as string,
    });
    const pass2 = await browser.call('POST', '/api/mpin/rps/v2/pass2', {
      mpin_id: identity.mpinId,
      V,
      WID: 'web',
    });
    expect(pass2.status).toBe(408);
    expect((await browser.login(identity, '3333')).status).toBe(200);
  });
});
