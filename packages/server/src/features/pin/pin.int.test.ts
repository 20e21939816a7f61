import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import {
  PinBrowser,
  createPinShop,
  isSignedIn,
  pinIdentityRow,
  signedUpPinBrowser,
} from '../../test/pinBrowser.js';

describe.each(databaseTargets())('PIN scheme calls (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let users = 0;

  beforeAll(async () => {
    // Each PinBrowser has its own address (X-Forwarded-For), so limits are per test.
    server = await startTestServer(target, { TRUST_PROXY: '1' });
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  function signedInPinBrowser() {
    return signedUpPinBrowser(server, clientId, `pin${++users}@example.com`);
  }

  const identityRow = (mpinId: string) => pinIdentityRow(server, mpinId);

  it('registers a PIN identity and logs in with it (amr pin+swk): the PIN never travels', async () => {
    const browser = await signedInPinBrowser();
    const settings = await browser.settings();
    expect(settings).toMatchObject({ curve: 'BLS12381', pinLength: 4 });
    expect(settings.mpinAuthServerURL).toBe(`${server.url}/api/mpin/rps/v2`);
    const identity = await browser.register('0420');

    const row = await identityRow(identity.mpinId);
    expect(row.state).toBe('active');
    expect(row.key_share_1).toBeNull();
    expect(row.server_key).not.toMatch(/^[0-9a-f]{192}$/); // encrypted at rest

    const fresh = new PinBrowser(server, clientId); // another visit: no session, same storage
    const passed = await fresh.login(identity, '0420');
    expect(passed.status).toBe(200);
    const signedIn = await fresh.authenticate(passed.body.authOTT as string);
    expect(signedIn).toEqual({
      status: 200,
      // No signing identity yet: the answer offers one (docs/flows/pin-login.md).
      body: {
        display: `pin${users}@example.com`,
        userRequirements: [],
        dvsRegister: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      },
    });
    expect(await isSignedIn(server, fresh.browser)).toBe(true);
  });

  it('401 for a wrong PIN; a right PIN resets the count', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('1234');
    expect((await browser.login(identity, '1235')).status).toBe(401);
    expect((await browser.login(identity, '01234')).status).toBe(401);
    expect((await browser.login(identity, '1234')).status).toBe(200);
    expect((await identityRow(identity.mpinId)).failed_attempts).toBe(0);
    expect((await browser.login(identity, '4321')).status).toBe(401);
    expect((await browser.login(identity, '4321')).status).toBe(401);
    expect((await browser.login(identity, '1234')).status).toBe(200);
  });

  it('410 after three wrong PINs in a row, then even for the right PIN', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('2580');
    expect((await browser.login(identity, '0000')).status).toBe(401);
    expect((await browser.login(identity, '1111')).status).toBe(401);
    const third = await browser.login(identity, '2222');
    expect(third.status).toBe(410);
    expect(third.body.error).toMatchObject({ code: 'pin_revoked' });
    expect((await browser.login(identity, '2580')).status).toBe(410);
    const row = await identityRow(identity.mpinId);
    expect(row.state).toBe('revoked');
    expect(row.server_key).toBeNull();
  });

  it('parallel wrong guesses cannot exceed three checks', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('9999');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new PinBrowser(server, clientId).login(identity, String(1000 + i)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // Each guess either lost its challenge to a newer pass 1 (408), was checked and refused
    // (401, or 410 for the third), or came after the revocation (410).
    expect(statuses.every((s) => [401, 408, 410].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2);
    const events = await server.ctx.database.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', (await identityRow(identity.mpinId)).user_id)
      .where('type', 'in', ['login_failed', 'pin_revoked'])
      .execute();
    expect(events.length).toBeLessThanOrEqual(3);
    expect((await identityRow(identity.mpinId)).failed_attempts).toBeLessThanOrEqual(3);
  });

  it('the attempt counter is atomic: of 10 parallel reservations, exactly 3 succeed', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('5555');
    const { id } = await identityRow(identity.mpinId);
    const reserved = await Promise.all(
      Array.from({ length: 10 }, () => server.ctx.pins.reserveAttempt(id)),
    );
    expect(reserved.filter((n) => n !== null).sort()).toEqual([1, 2, 3]);
  });

  it('408 for an expired authOTT; an authOTT is used once, by the browser it was issued to', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('7777');
    const first = await browser.login(identity, '7777');
    const authOTT = first.body.authOTT as string;
    expect((await new PinBrowser(server, clientId).authenticate(authOTT)).status).toBe(408);

    const second = await browser.login(identity, '7777');
    expect((await browser.authenticate(second.body.authOTT as string)).status).toBe(200);
    const again = await browser.authenticate(second.body.authOTT as string);
    expect(again.status).toBe(408);
    expect(again.body.error).toMatchObject({ code: 'pin_auth_expired' });

    const third = await browser.login(identity, '7777');
    await server.ctx.database.db.updateTable('pin_auth_tokens').set({ expires_at: 1 }).execute();
    expect((await browser.authenticate(third.body.authOTT as string)).status).toBe(408);
  });

  it('408 for a pass 2 without a live pass 1, and a pass 1 answered once', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('3141');
    const replay = await browser.call('POST', '/api/mpin/rps/v2/pass2', {
      mpin_id: identity.mpinId,
      V: identity.token, // any valid point
    });
    expect(replay.status).toBe(408);
    expect((await identityRow(identity.mpinId)).failed_attempts).toBe(0);
  });

  it('403 for an invalid activation code, 404 for an expired registration', async () => {
    const browser = await signedInPinBrowser();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const settings = await browser.settings();
    const put = (activateCode: string, as = userId) =>
      browser.call('PUT', settings.registerURL!, {
        userId: as,
        mobile: 0,
        deviceName: 'x',
        activateCode,
      });
    const wrong = await put('A'.repeat(43));
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: 'pin_activation_invalid' });
    expect((await put(actToken, 'someone-else')).status).toBe(403);

    const again = await browser.call('POST', '/api/mpin/register');
    await server.ctx.database.db
      .updateTable('pin_registrations')
      .set({ expires_at: 1 })
      .where('user_id', '=', userId)
      .execute();
    const expired = await put((again.body as { actToken: string }).actToken);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toMatchObject({ code: 'pin_registration_expired' });
  });

  it('an activation code is used once, and only by the signed-in user it was issued to', async () => {
    const browser = await signedInPinBrowser();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const stranger = new PinBrowser(server, clientId);
    const settings = await browser.settings();
    const body = { userId, mobile: 0, deviceName: 'x', activateCode: actToken };
    // Nobody signed in: the journey refuses before the code is looked at, so a stranger
    // cannot use it, nor spend it.
    expect((await stranger.call('PUT', settings.registerURL!, body)).status).toBe(401);
    expect((await browser.call('PUT', settings.registerURL!, body)).status).toBe(200);
    expect((await browser.call('PUT', settings.registerURL!, body)).status).toBe(403);
  });

  it('an /mpinsetup?acttoken= link resumes its registration, for its own user and client only', async () => {
    const browser = await signedInPinBrowser();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId, display } = start.body as {
      actToken: string;
      userId: string;
      display: string;
    };
    const resumed = await browser.call('POST', '/api/mpin/register', { actToken });
    expect(resumed).toMatchObject({ status: 200, body: { actToken, userId, display } });

    const other = await signedInPinBrowser();
    const stolen = await other.call('POST', '/api/mpin/register', { actToken });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error).toMatchObject({ code: 'pin_activation_invalid' });
    const unknown = await browser.call('POST', '/api/mpin/register', { actToken: 'A'.repeat(43) });
    expect(unknown.status).toBe(403);
    expect((await browser.call('POST', '/api/mpin/register', { actToken: 'x' })).status).toBe(400);
    expect(
      (await new PinBrowser(server, clientId).call('POST', '/api/mpin/register', { actToken }))
        .status,
    ).toBe(401);

    // Looking it up does not use it up: the PUT still takes it, once.
    const settings = await browser.settings();
    const body = { userId, mobile: 0, deviceName: 'x', activateCode: actToken };
    expect((await browser.call('PUT', settings.registerURL!, body)).status).toBe(200);
    expect((await browser.call('POST', '/api/mpin/register', { actToken })).status).toBe(403);

    const later = await browser.call('POST', '/api/mpin/register');
    await server.ctx.database.db
      .updateTable('pin_registrations')
      .set({ expires_at: 1 })
      .where('user_id', '=', userId)
      .execute();
    const expired = await browser.call('POST', '/api/mpin/register', {
      actToken: (later.body as { actToken: string }).actToken,
    });
    expect(expired.status).toBe(404);
  });

  it('a regOTT and a cs2url are used once', async () => {
    const browser = await signedInPinBrowser();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const settings = await browser.settings();
    const registered = await browser.call('PUT', settings.registerURL!, {
      userId,
      activateCode: actToken,
    });
    const { mpinId, regOTT } = registered.body as { mpinId: string; regOTT: string };
    const identity = await import('@verity/pin').then((p) => p.createUserKey());
    const url = `${settings.signatureURL}/${mpinId}?regOTT=${regOTT}&publicKey=${identity.publicKey}`;
    const first = await browser.call('GET', url);
    expect(first.status).toBe(200);
    expect((await browser.call('GET', url)).status).toBe(403);
    const cs2url = first.body.cs2url as string;
    expect((await browser.call('GET', cs2url)).status).toBe(200);
    expect((await browser.call('GET', cs2url)).status).toBe(404);
  });

  it('authority 1 issues no share to a caller without the regOTT (nor after it expired)', async () => {
    const browser = await signedInPinBrowser();
    const start = await browser.call('POST', '/api/mpin/register');
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const settings = await browser.settings();
    const registered = await browser.call('PUT', settings.registerURL!, {
      userId,
      activateCode: actToken,
    });
    const { mpinId, regOTT } = registered.body as { mpinId: string; regOTT: string };
    const { publicKey } = await import('@verity/pin').then((p) => p.createUserKey());
    const authority1 = server.ctx.pinAuthorities[0];
    const issue = vi.spyOn(authority1, 'issue');
    try {
      const wrong = `${settings.signatureURL}/${mpinId}?regOTT=${'A'.repeat(regOTT.length)}&publicKey=${publicKey}`;
      const refused = await browser.call('GET', wrong);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'pin_activation_invalid' });
      await server.ctx.database.db
        .updateTable('pin_identities')
        .set({ reg_expires_at: 1 })
        .where('mpin_id', '=', mpinId)
        .execute();
      const url = `${settings.signatureURL}/${mpinId}?regOTT=${regOTT}&publicKey=${publicKey}`;
      const expired = await browser.call('GET', url);
      expect(expired.status).toBe(404);
      expect(expired.body.error).toMatchObject({ code: 'pin_registration_expired' });
      expect(issue).not.toHaveBeenCalled();
    } finally {
      issue.mockRestore();
    }
  });

  it.each([
    ['U off the curve', { U: 'a0' + '11'.repeat(47) }],
    ['U the point at infinity', { U: 'c0' + '00'.repeat(47) }],
    ['U upper-case', { U: 'A'.repeat(96) }],
    ['an unknown field', { extra: 1 }],
  ])('400 for %s at pass 1', async (_what, change) => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('1212');
    const { U } = (await browser.pass1(identity)) as { U: string };
    const answer = await browser.call('POST', '/api/mpin/rps/v2/pass1', {
      mpin_id: identity.mpinId,
      publicKey: identity.publicKey,
      U,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it('410 for an unknown identity; 400 for an unknown customer; 401 to start without a session', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('8080');
    const elsewhere = new PinBrowser(server, 'no-such-client');
    expect((await elsewhere.pass1(identity)).answer.status).toBe(400);
    const stranger = { ...identity, mpinId: identity.mpinId.slice(0, -2) + '00' };
    expect((await browser.pass1(stranger)).answer.status).toBe(410);
    expect((await new PinBrowser(server, clientId).call('POST', '/api/mpin/register')).status).toBe(
      401,
    );
  });

  it('limits PIN logins per client address (429)', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('6060');
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await browser.pass1(identity)).answer.status);
    expect(statuses.slice(0, 56).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sweeps expired registrations, challenges, authOTTs and unfinished identities', async () => {
    const browser = await signedInPinBrowser();
    await browser.call('POST', '/api/mpin/register');
    const identity = await browser.register('4242');
    await browser.pass1(identity);
    const { db } = server.ctx.database;
    for (const table of ['pin_registrations', 'pin_challenges', 'pin_auth_tokens'] as const)
      await db.updateTable(table).set({ expires_at: 1 }).execute();
    await server.ctx.pins.sweep();
    for (const table of ['pin_registrations', 'pin_challenges', 'pin_auth_tokens'] as const)
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    expect((await identityRow(identity.mpinId)).state).toBe('active');
  });
});
