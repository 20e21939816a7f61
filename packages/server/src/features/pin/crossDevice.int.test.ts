import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  PinBrowser,
  createPinShop,
  isSignedIn,
  signedUpPinBrowser,
} from '../../test/pinBrowser.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

type Identity = Awaited<ReturnType<PinBrowser['register']>>;

describe.each(databaseTargets())('cross-device PIN login (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let users = 0;

  beforeAll(async () => {
    server = await startTestServer(target, { TRUST_PROXY: '1' });
    clientId = await createPinShop(server);
  });
  afterAll(async () => server?.close());

  /** A device with a registered PIN identity (its browser signed in by password). */
  async function approvingDevice(pinCode = '2468') {
    const email = `xdev${++users}@example.com`;
    const device = await signedUpPinBrowser(server, clientId, email);
    const identity = await device.register(pinCode);
    return { device, identity, email };
  }

  async function waitingBrowser() {
    const browser = new PinBrowser(server, clientId);
    const answer = await browser.call('POST', '/api/mpin/rps/v2/accessid', {});
    expect(answer.status).toBe(200);
    const access = answer.body as Record<string, string>;
    const poll = () => browser.call('POST', access.accessURL!, { webOTT: access.webOTT });
    return { browser, access, poll };
  }

  async function approve(device: PinBrowser, identity: Identity, accessId: string, typed: string) {
    const passed = await device.login(identity, typed);
    if (passed.status !== 200) return passed;
    return device.call('POST', '/api/mpin/rps/v2/access/approve', {
      accessId,
      authOTT: passed.body.authOTT,
    });
  }

  const loggedIn = (browser: PinBrowser) => isSignedIn(server, browser.browser);

  it('new → scanned → approved (signed in once, amr pin) → expired', async () => {
    const { device, identity, email } = await approvingDevice();
    const waiting = await waitingBrowser();
    const { access } = waiting;
    expect(access.accessNumber).toMatch(/^\d{8}$/);
    expect(access.qrURL).toMatch(new RegExp(`^${server.url}/mpinaccess#[A-Za-z0-9_-]{43}$`));
    expect(access.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(access.accessURL).toBe(`${server.url}/api/mpin/rps/v2/access`);
    expect((await waiting.poll()).body).toEqual({ status: 'new' });

    const accessId = access.qrURL!.split('#')[1]!;
    const looked = await device.call('POST', '/api/mpin/rps/v2/access/lookup', { accessId });
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({
      accessNumber: access.accessNumber,
      clientId,
      clientName: 'PIN shop',
      deviceName: 'A browser',
      sameNetwork: false,
      push: false,
    });
    expect((await waiting.poll()).body).toEqual({ status: 'scanned' });
    expect(await loggedIn(waiting.browser)).toBe(false);

    expect((await approve(device, identity, accessId, '2468')).body).toEqual({
      status: 'approved',
    });
    const signedIn = await waiting.poll();
    expect(signedIn.body).toEqual({
      status: 'approved',
      display: email,
      userRequirements: [],
      register: false,
    });
    expect(await loggedIn(waiting.browser)).toBe(true);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const sessions = await server.ctx.database.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Session')
      .execute();
    const logins = sessions
      .map((row) => JSON.parse(row.payload) as { accountId?: string; amr?: string[] })
      .filter((session) => session.accountId === userId);
    // The approving PIN was enrolled with the password only: one factor, so 'pin' alone (aal1).
    expect(logins.map((session) => session.amr)).toContainEqual(['pin']);
    expect((await waiting.poll()).body).toEqual({ status: 'expired' });
  });

  it('an approval is single use, and claimed once even by parallel polls', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);
    const again = await approve(device, identity, accessId, '2468');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'pin_access_used' });

    const polls = await Promise.all(Array.from({ length: 5 }, () => waiting.poll()));
    expect(polls.filter((p) => p.body.status === 'approved')).toHaveLength(1);
    expect(polls.filter((p) => p.body.status === 'expired')).toHaveLength(4);
    expect((await approve(device, identity, accessId, '2468')).status).toBe(404);
  });

  it('a foreign browser cannot poll or claim a webOTT, nor another client', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);

    const thief = new PinBrowser(server, clientId);
    const stolen = await thief.call('POST', '/api/mpin/rps/v2/access', {
      webOTT: waiting.access.webOTT,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toMatchObject({ code: 'pin_access_invalid' });
    expect(await loggedIn(thief)).toBe(false);

    const other = (
      await server.ctx.clients.create({ name: 'Other', redirectUris: ['http://127.0.0.1:3001/cb'] })
    ).clientId;
    const wrongClient = await waiting.browser.browser.fetch(
      `${server.url}/api/mpin/rps/v2/access`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-customer-id': other,
          'x-forwarded-for': waiting.browser.address,
        },
        body: JSON.stringify({ webOTT: waiting.access.webOTT }),
      },
    );
    expect(wrongClient.status).toBe(404);
    // The rightful browser still claims it.
    expect((await waiting.poll()).body.status).toBe('approved');
  });

  it('declined: the waiting browser hears so, and the session cannot be approved after', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    const declined = await device.call('POST', '/api/mpin/rps/v2/access/decline', { accessId });
    expect(declined.body).toEqual({ status: 'declined' });
    expect((await waiting.poll()).body).toEqual({ status: 'declined' });
    expect((await approve(device, identity, accessId, '2468')).status).toBe(404);
    expect(
      (await device.call('POST', '/api/mpin/rps/v2/access/decline', { accessId })).status,
    ).toBe(404);
    expect(await loggedIn(waiting.browser)).toBe(false);
  });

  it('expired: the poll says so; lookup and approval find nothing', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    await server.ctx.database.db
      .updateTable('pin_access_sessions')
      .set({ expires_at: 1 })
      .where('access_number', '=', waiting.access.accessNumber!)
      .execute();
    expect((await waiting.poll()).body).toEqual({ status: 'expired' });
    const looked = await device.call('POST', '/api/mpin/rps/v2/access/lookup', { accessId });
    expect(looked.status).toBe(404);
    expect((await approve(device, identity, accessId, '2468')).status).toBe(404);
    expect(await loggedIn(waiting.browser)).toBe(false);
  });

  it('expired after approval: the waiting browser is not signed in', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);
    await server.ctx.database.db
      .updateTable('pin_access_sessions')
      .set({ expires_at: 1 })
      .where('access_number', '=', waiting.access.accessNumber!)
      .execute();
    expect((await waiting.poll()).body).toEqual({ status: 'expired' });
    expect(await loggedIn(waiting.browser)).toBe(false);
  });

  it('a typed access number: found once per address limit, traded for a new access id', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const qrAccessId = waiting.access.qrURL!.split('#')[1]!;
    const number = waiting.access.accessNumber!;
    const typed = await device.call('POST', '/api/mpin/rps/v2/access/lookup', {
      accessNumber: `${number.slice(0, 4)} ${number.slice(4)}`,
    });
    expect(typed.status).toBe(200);
    const accessId = typed.body.accessId as string;
    expect(accessId).not.toBe(qrAccessId);
    // The QR link's id no longer works once the number was used.
    expect(
      (await device.call('POST', '/api/mpin/rps/v2/access/lookup', { accessId: qrAccessId }))
        .status,
    ).toBe(404);
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);

    const malformed = await device.call('POST', '/api/mpin/rps/v2/access/lookup', {
      accessNumber: '12ab',
    });
    expect(malformed.status).toBe(400);
    const guesser = new PinBrowser(server, clientId);
    const answers = [];
    for (let i = 0; i < 21; i++) {
      const guess = String((Number(number) + 1 + i) % 10 ** 8).padStart(8, '0');
      answers.push(
        (await guesser.call('POST', '/api/mpin/rps/v2/access/lookup', { accessNumber: guess }))
          .status,
      );
    }
    expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('wrong PINs while approving share the three-strikes counter', async () => {
    const { device, identity } = await approvingDevice('1357');
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '0000')).status).toBe(401);
    expect((await approve(device, identity, accessId, '1111')).status).toBe(401);
    expect((await waiting.poll()).body.status).toBe('new');
    // The third wrong PIN, at an ordinary login, revokes the identity.
    expect((await device.login(identity, '2222')).status).toBe(410);
    expect((await approve(device, identity, accessId, '1357')).status).toBe(410);
    expect((await waiting.poll()).body.status).toBe('new');
  });

  it('an approval whose identity was revoked before the claim signs nobody in', async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ state: 'revoked' })
      .where('public_key', '=', identity.publicKey)
      .execute();
    expect((await waiting.poll()).body).toEqual({ status: 'expired' });
    expect(await loggedIn(waiting.browser)).toBe(false);
  });

  it('pushauth: Missing user ID; the same answer for unknown users; only that user approves', async () => {
    const { device, identity, email } = await approvingDevice();
    const stranger = await approvingDevice();
    const waiting = new PinBrowser(server, clientId);
    const missing = await waiting.call('POST', '/api/mpin/rps/v2/pushauth', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ message: 'Missing user ID' });

    const unknown = await waiting.call('POST', '/api/mpin/rps/v2/pushauth', {
      prerollid: 'nobody@example.com',
    });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(
      ['accessNumber', 'accessURL', 'expiresIn', 'webOTT'].sort(),
    );

    const push = await waiting.call('POST', '/api/mpin/rps/v2/pushauth', {
      prerollid: email.toUpperCase(),
    });
    expect(push.status).toBe(200);
    const pending = async (who: { device: PinBrowser; identity: Identity }) =>
      (
        await who.device.call('POST', '/api/mpin/rps/v2/access/pending', {
          mpin_id: who.identity.mpinId,
          publicKey: who.identity.publicKey,
        })
      ).body.pending as Array<Record<string, unknown>>;
    expect(await pending(stranger)).toEqual([]);
    const mine = await pending({ device, identity });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ accessNumber: push.body.accessNumber, push: true });
    const accessId = mine[0]!.accessId as string;

    const wrongUser = await approve(stranger.device, stranger.identity, accessId, '2468');
    expect(wrongUser.status).toBe(409);
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);
    const signedIn = await waiting.call('POST', '/api/mpin/rps/v2/access', {
      webOTT: push.body.webOTT,
    });
    expect(signedIn.body).toMatchObject({ status: 'approved', display: email });
  });

  it('/verification lets a PIN-signed-in device approve a new device, which registers its own PIN', async () => {
    const { device, identity, email } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const body = { userId, clientId, accessId, deviceName: 'Work laptop' };

    // Signed in by password only: not enough.
    const byPassword = await device.call('POST', '/api/mpin/verification', body);
    expect(byPassword.status).toBe(403);
    const passed = await device.login(identity, '2468');
    expect((await device.authenticate(passed.body.authOTT as string)).status).toBe(200);
    expect(
      (await device.call('POST', '/api/mpin/verification', { ...body, userId: 'someone' })).status,
    ).toBe(403);
    expect((await device.call('POST', '/api/mpin/verification', body)).body).toEqual({
      status: 'approved',
    });
    expect((await device.call('POST', '/api/mpin/verification', body)).status).toBe(409);

    const signedIn = await waiting.poll();
    expect(signedIn.body).toMatchObject({ status: 'approved', display: email, register: true });
    const confirm = () =>
      waiting.browser.call('POST', '/api/mpin/verification/confirmation', {
        webOTT: waiting.access.webOTT,
      });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ userId, display: email, deviceName: 'Work laptop' });
    expect((await confirm()).status).toBe(403);

    const settings = await waiting.browser.settings();
    const registered = await waiting.browser.call('PUT', settings.registerURL!, {
      userId,
      wid: 'web',
      mobile: 0,
      deviceName: 'Work laptop',
      activateCode: confirmed.body.actToken,
    });
    expect(registered.status).toBe(200);
  });

  it("a confirmation without the approving device's allowance is refused", async () => {
    const { device, identity } = await approvingDevice();
    const waiting = await waitingBrowser();
    const accessId = waiting.access.qrURL!.split('#')[1]!;
    expect((await approve(device, identity, accessId, '2468')).status).toBe(200);
    expect((await waiting.poll()).body).toMatchObject({ register: false });
    const confirmed = await waiting.browser.call('POST', '/api/mpin/verification/confirmation', {
      webOTT: waiting.access.webOTT,
    });
    expect(confirmed.status).toBe(403);
    const signedOut = await new PinBrowser(server, clientId).call(
      'POST',
      '/api/mpin/verification/confirmation',
      { webOTT: waiting.access.webOTT },
    );
    expect(signedOut.status).toBe(401);
  });
});
