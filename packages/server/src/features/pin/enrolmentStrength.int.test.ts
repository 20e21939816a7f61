import { randomUUID } from 'node:crypto';
import { createUserKey } from '@verity/pin';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, discoverClient, redirectUri, startSignInRequest } from '../../test/journey.js';
import {
  PinBrowser,
  backdateSecret,
  isSignedIn,
  pinIdentityRow,
  signedUpPinBrowser,
} from '../../test/pinBrowser.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

type Identity = Awaited<ReturnType<PinBrowser['register']>>;

const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/**
 * Issue 15: a PIN is worth no more than the login that enrolled it; a new authenticator is
 * told to the owner; a password reset revokes every PIN and signing identity and session.
 * Users here have no second factor when they enrol with the password only (allowed).
 */
describe.each(databaseTargets())('PIN enrolment strength and revocation (%s)', (target) => {
  let server: TestServer;
  /** 'PIN bank': PIN login and a second factor required. */
  let bankId: string;
  let bank: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target, {
      TRUST_PROXY: '1',
      PIN_RENEW_SECRETS_ISSUED_BEFORE: '2026-01-01T00:00:00Z',
    });
    const created = await server.ctx.clients.create({
      name: 'PIN bank',
      redirectUris: [redirectUri],
      requirePin: true,
      requireSecondFactor: true,
      skipConsent: true,
    });
    bankId = created.clientId;
    bank = await discoverClient(server, created);
  });
  afterAll(async () => server?.close());

  const newEmail = () => `strength-${randomUUID()}@example.com`;

  /** Signed up by password (no second factor), optionally with an authenticator app after. */
  async function enrolled(options: { secondFactorFirst: boolean }) {
    const email = newEmail();
    const browser = await signedUpPinBrowser(server, bankId, email);
    const totpSecret = options.secondFactorFirst ? await addAuthenticator(browser.browser) : null;
    const identity = await browser.register('0420');
    return { email, browser, identity, totpSecret };
  }

  async function addAuthenticator(browser: ApiBrowser): Promise<string> {
    const started = await browser.post('/api/authenticator/startsetup');
    const secret = String(started.body.secret);
    const done = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(done.status).toBe(200);
    return secret;
  }

  /** A PIN login in a new browser during a sign-in request of the PIN bank. */
  async function pinLoginToBank(identity: Omit<Identity, 'settings'>) {
    const fresh = new PinBrowser(server, bankId);
    const request = await startSignInRequest(server, bank, fresh.browser, { state: 's' });
    const passed = await fresh.login(identity, '0420');
    expect(passed.status).toBe(200);
    const answer = await fresh.authenticate(passed.body.authOTT as string, request.requestId);
    expect(answer.status).toBe(200);
    return { fresh, request, answer: answer.body };
  }

  async function sessionAmrOf(email: string) {
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const rows = await server.ctx.database.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Session')
      .execute();
    return rows
      .map((row) => JSON.parse(row.payload) as { accountId?: string; amr?: string[] })
      .filter((session) => session.accountId === userId)
      .map((session) => session.amr);
  }

  it('a PIN enrolled with the password only logs in at aal1 and does not meet a second-factor client', async () => {
    const { email, identity } = await enrolled({ secondFactorFirst: false });
    expect(await pinIdentityRow(server, identity.mpinId)).toMatchObject({
      enrolled_amr: JSON.stringify(['otp']), // the sign-up's e-mail code
      enrolled_acr: 'urn:verity:aal1',
    });
    const { fresh, request, answer } = await pinLoginToBank(identity);
    // Signed in with the PIN, but the client's second factor is still to be set up.
    expect(answer.userRequirements).toEqual(['setupSecondFactor']);
    expect(await sessionAmrOf(email)).toContainEqual(['pin']);
    const refused = await fresh.browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    expect(refused.body).toMatchObject({ userRequirements: ['setupSecondFactor'] });
    expect(refused.body.redirect_Uri ?? null).toBeNull();
  });

  it('the account area asks an aal1 PIN login for the second factor the user added since', async () => {
    const { browser, identity } = await enrolled({ secondFactorFirst: false });
    await addAuthenticator(browser.browser);
    const fresh = new PinBrowser(server, bankId);
    const passed = await fresh.login(identity, '0420');
    expect((await fresh.authenticate(passed.body.authOTT as string)).status).toBe(200);
    const consents = await fresh.browser.fetch(`${server.url}/api/account/consents`);
    expect(consents.status).toBe(403);
    expect(await consents.json()).toMatchObject({
      error: { code: 'second_factor_login_required' },
    });
  });

  it('an aal1 PIN login of a user with a second factor enrols no signing identity (review R1)', async () => {
    // Enrolled with the password alone; the user adds an authenticator app afterwards.
    const { browser, identity } = await enrolled({ secondFactorFirst: false });
    // A PIN login before the app is added gets a dvsRegister token (full strength then)...
    const early = new PinBrowser(server, bankId);
    const first = await early.authenticate(
      (await early.login(identity, '0420')).body.authOTT as string,
    );
    const { token } = first.body.dvsRegister as { token: string };
    await addAuthenticator(browser.browser);
    // ...which no longer enrols a signing identity once the second factor is owed.
    const refused = await early.call('POST', '/api/mpin/rps/v2/dvsRegister', {
      publicKey: createUserKey().publicKey,
      deviceName: 'Chromium on Linux',
      dvsRegisterToken: token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'second_factor_login_required' } });
    // A PIN login now (aal1, the second factor pending) is offered no signing identity at all.
    const later = new PinBrowser(server, bankId);
    const answer = await later.authenticate(
      (await later.login(identity, '0420')).body.authOTT as string,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('dvsRegister');
  });

  it('a PIN enrolled after the second factor logs in at aal2 (pin, swk), also after a renewal', async () => {
    const { identity } = await enrolled({ secondFactorFirst: true });
    expect((await pinIdentityRow(server, identity.mpinId)).enrolled_acr).toBe('urn:verity:aal2');
    const { fresh, request, answer } = await pinLoginToBank(identity);
    expect(answer.userRequirements).toEqual([]);
    const generated = await fresh.browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    let response = await fresh.browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await fresh.browser.fetch(
        new URL(response.headers.get('location')!, server.url).href,
      );
    const tokens = await oidc.authorizationCodeGrant(
      bank,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: request.verifier, expectedState: 's' },
    );
    expect(tokens.claims()).toMatchObject({ amr: ['pin', 'swk'], acr: 'urn:verity:aal2' });

    // renewSecret keeps the identity, so the renewed secret is worth what it was enrolled with.
    await backdateSecret(server, identity.mpinId);
    const renewing = new PinBrowser(server, bankId);
    const due = await renewing.authenticate(
      (await renewing.login(identity, '0420')).body.authOTT as string,
    );
    const { regOTT } = due.body.renewSecret as { regOTT: string };
    const renewed = await renewing.shares(identity.mpinId, regOTT, '0420');
    const again = await pinLoginToBank(renewed);
    expect(again.answer.userRequirements).toEqual([]);
  });

  it('an identity enrolled before strengths were recorded counts as one factor', async () => {
    const { identity } = await enrolled({ secondFactorFirst: true });
    // As migration 0020 leaves the identities it finds.
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ enrolled_amr: null, enrolled_acr: null })
      .where('mpin_id', '=', identity.mpinId)
      .execute();
    const { answer } = await pinLoginToBank(identity);
    expect(answer.userRequirements).toEqual(['loginWithSecondFactor']);
  });

  it.each([false, true])(
    'a sign-in approved from another device is worth the approving identity (second factor first: %s)',
    async (secondFactorFirst) => {
      const { email, browser: device, identity } = await enrolled({ secondFactorFirst });
      const waiting = new PinBrowser(server, bankId);
      const access = (await waiting.call('POST', '/api/mpin/rps/v2/accessid', {})).body as Record<
        string,
        string
      >;
      const passed = await device.login(identity, '0420');
      const approved = await device.call('POST', '/api/mpin/rps/v2/access/approve', {
        accessId: access.qrURL!.split('#')[1],
        authOTT: passed.body.authOTT,
      });
      expect(approved.status).toBe(200);
      const polled = await waiting.call('POST', access.accessURL!, { webOTT: access.webOTT });
      expect(polled.body.status).toBe('approved');
      // The only PIN session of this user is the waiting browser's.
      const pinSessions = (await sessionAmrOf(email)).filter((amr) => amr?.includes('pin'));
      expect(pinSessions).toEqual([secondFactorFirst ? ['pin', 'swk'] : ['pin']]);
    },
  );

  it('new authenticators and a new share are e-mailed to the owner, without their details', async () => {
    const { email, browser, identity } = await enrolled({ secondFactorFirst: true });
    const signed = new PinBrowser(server, bankId);
    const login = await signed.authenticate(
      (await signed.login(identity, '0420')).body.authOTT as string,
    );
    const dvs = login.body.dvsRegister as { token: string };
    await signed.registerSigning(dvs.token, '0420');
    await server.ctx.profiles.update((await server.ctx.users.findByEmail(email))!.id, {
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    const recipient = newEmail();
    expect((await browser.browser.post('/api/share', { email: recipient })).status).toBe(200);

    await server.ctx.email.flush();
    const mails = await server.ctx.outbox.list({ recipient: email });
    const notices = mails.filter((mail) => mail.subject?.startsWith('New security setting'));
    expect(notices.map((mail) => mail.body.split('.')[0]).sort()).toEqual([
      'A PIN was set up to log in on a device',
      'A PIN was set up to sign on a device',
      'An authenticator app was set up as a second factor',
    ]);
    const shared = mails.filter(
      (mail) => mail.subject === 'Identity shared on your Verity account',
    );
    expect(shared).toHaveLength(1);
    for (const mail of [...notices, ...shared]) {
      expect(mail.body).not.toContain(recipient);
      expect(mail.body).not.toContain('Chromium');
    }
  });

  it('a password reset revokes every PIN and signing identity and signs every browser out', async () => {
    const { email, identity } = await enrolled({ secondFactorFirst: false });
    const pinSignedIn = new PinBrowser(server, bankId);
    const login = await pinSignedIn.authenticate(
      (await pinSignedIn.login(identity, '0420')).body.authOTT as string,
    );
    const signing = await pinSignedIn.registerSigning(
      (login.body.dvsRegister as { token: string }).token,
      '0420',
    );
    // An open pass 1 for the identity goes too.
    const pending = await pinSignedIn.pass1(identity);
    expect(pending.answer.status).toBe(200);
    const other = new ApiBrowser(server);
    expect(
      (
        await other.post('/api/login/email', {
          Email: email,
          Password: 'correct horse battery staple 42',
        })
      ).body.failed,
    ).toBe(false);
    expect(await isSignedIn(server, other)).toBe(true);
    expect(await isSignedIn(server, pinSignedIn.browser)).toBe(true);

    const resetting = new ApiBrowser(server);
    await resetting.post('/api/forgotpassword', { Email: email });
    await server.ctx.email.flush();
    const [codeMail] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    const Code = /Your code is (\d{6})/.exec(codeMail!.body)![1];
    const verified = await resetting.post('/api/forgotpassword/verifycode', { Email: email, Code });
    const reset = await resetting.post('/api/forgotpassword/reset', {
      Email: email,
      ResetToken: verified.body.resetToken,
      Password: 'a whole new passphrase 2026',
    });
    expect(reset).toEqual({ status: 200, body: { status: 'ok' } });

    expect(await isSignedIn(server, other)).toBe(false);
    expect(await isSignedIn(server, pinSignedIn.browser)).toBe(false);
    for (const mpinId of [identity.mpinId, signing.mpinId])
      expect(await pinIdentityRow(server, mpinId)).toMatchObject({
        state: 'revoked',
        server_key: null,
      });
    const { id } = await pinIdentityRow(server, identity.mpinId);
    const challenges = await server.ctx.database.db
      .selectFrom('pin_challenges')
      .selectAll()
      .where('identity_id', '=', id)
      .execute();
    expect(challenges).toEqual([]);
    const again = await new PinBrowser(server, bankId).login(identity, '0420');
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({ code: 'pin_revoked' });

    await server.ctx.email.flush();
    const [confirmation] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    expect(confirmation!.subject).toBe('Your Verity password was changed');
    expect(confirmation!.body).toContain('Every device was signed out');
    expect(confirmation!.body).toContain('every PIN');
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const events = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(events).toEqual(expect.arrayContaining(['password_reset', 'password_change_revoked']));
  });
});
