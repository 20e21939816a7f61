import { consentMessage, type ConsentToSign } from '@verity/contracts';
import * as pin from '@verity/pin';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  type ApiBrowser,
  redirectUri,
  startServerWithClient,
  startSignInRequest,
} from '../../test/journey.js';
import {
  PinBrowser,
  backdateSecret,
  isSignedIn,
  pinShop,
  pinIdentityRow,
  signedUpPinBrowser,
} from '../../test/pinBrowser.js';
import type { TestServer } from '../../test/testServer.js';

/** Secrets issued before this renew at the next login (PIN_RENEW_SECRETS_ISSUED_BEFORE). */
const renewBefore = '2026-01-01T00:00:00Z';

type Signing = Awaited<ReturnType<PinBrowser['registerSigning']>>;

describe.each(databaseTargets())('PIN signing, dvsRegister and renewSecret (%s)', (target) => {
  let server: TestServer;
  let clientId: string;
  let config: oidc.Configuration;
  let users = 0;

  beforeAll(async () => {
    ({
      server,
      config,
      created: { clientId },
    } = await startServerWithClient(
      target,
      { TRUST_PROXY: '1', PIN_RENEW_SECRETS_ISSUED_BEFORE: renewBefore },
      pinShop([redirectUri]),
    ));
  });
  afterAll(async () => server?.close());

  async function startRequest(browser: ApiBrowser): Promise<string> {
    return (await startSignInRequest(server, config, browser, { scope: 'openid email' })).requestId;
  }

  const row = (mpinId: string) => pinIdentityRow(server, mpinId);

  /**
   * A user signed up by password with a PIN identity on this browser, a request of the PIN
   * client at its consent step, logged in with the PIN: the login's dvsRegister token.
   */
  async function pinUser(chosenPin = '2580') {
    const browser = await signedUpPinBrowser(server, clientId, `sign${++users}@example.com`);
    const requestId = await startRequest(browser.browser);
    const identity = await browser.register(chosenPin);
    const passed = await browser.login(identity, chosenPin);
    const answer = await browser.authenticate(passed.body.authOTT as string, requestId);
    expect(answer.status).toBe(200);
    return { browser, requestId, identity, answer: answer.body };
  }

  async function signingUser(chosenPin = '2580') {
    const user = await pinUser(chosenPin);
    const { token } = user.answer.dvsRegister as { token: string };
    const signing = await user.browser.registerSigning(token, chosenPin);
    return { ...user, signing };
  }

  async function toSignOf(browser: PinBrowser, requestId: string): Promise<ConsentToSign> {
    const info = await browser.call('GET', `/api/consent?requestId=${requestId}`);
    expect(info.status).toBe(200);
    return info.body.toSign as ConsentToSign;
  }

  function sign(
    signing: Signing,
    consent: ConsentToSign,
    typed: string,
    signedAt = new Date().toISOString(),
  ) {
    const signature = pin.signMessage({
      message: consentMessage(consent, signedAt),
      mpinId: signing.mpinId,
      token: signing.token,
      pin: typed,
      publicKey: signing.publicKey,
      dtas: signing.dtas,
    });
    return { Approved: true, signature, signedAt };
  }

  const consent = (browser: PinBrowser, requestId: string, body: unknown) =>
    browser.call('POST', `/api/consent?requestId=${requestId}`, body);

  it('a PIN login offers dvsRegister until a signing identity is registered; it signs the consent', async () => {
    const { browser, requestId, identity, signing } = await signingUser('2580');
    expect(signing.dtas).toBe('verity-dta-1,verity-dta-2');
    const signingRow = await row(signing.mpinId);
    expect(signingRow).toMatchObject({
      kind: 'signing',
      state: 'active',
      parent_id: (await row(identity.mpinId)).id,
      public_key: signing.publicKey,
    });
    // Logged in again: a signing identity exists, so no dvsRegister.
    const again = await browser.login(identity, '2580');
    const answer = await browser.authenticate(again.body.authOTT as string);
    expect(answer.body).not.toHaveProperty('dvsRegister');
    // A signing identity cannot log in.
    expect((await browser.pass1(signing)).answer.status).toBe(410);

    const toSign = await toSignOf(browser, requestId);
    expect(toSign).toMatchObject({ clientId, requestId, claims: ['email'] });
    const body = sign(signing, toSign, '2580');
    const given = await consent(browser, requestId, body);
    expect(given.status).toBe(200);
    const userId = signingRow.user_id;
    expect(await server.ctx.consents.signatureOf(userId, clientId)).toEqual({
      hash: pin.hashMessage(consentMessage(toSign, body.signedAt)),
      u: body.signature.u,
      v: body.signature.v,
      mpinId: signing.mpinId,
      publicKey: signing.publicKey,
      dtas: 'verity-dta-1,verity-dta-2',
      signedAt: body.signedAt,
    });
    // Anyone holding the verification key can check the kept signature later.
    expect(
      pin.verifySignature({
        message: consentMessage(toSign, body.signedAt),
        signature: body.signature,
        serverKey: server.ctx.pins.serverKeyOf(await row(signing.mpinId))!,
      }),
    ).toBe(true);
    const list = await browser.call('GET', '/api/account/consents');
    expect(list.body.consents).toEqual([
      expect.objectContaining({ clientId, signedWithPin: true }),
    ]);
  });

  it('wrong-PIN signatures count on the login identity’s counter: 401, 401, then 410 and both revoked', async () => {
    const { browser, requestId, identity, signing } = await signingUser('1357');
    const toSign = await toSignOf(browser, requestId);
    // One wrong login and two wrong signatures are the three attempts.
    expect((await browser.login(identity, '0000')).status).toBe(401);
    const wrong = await consent(browser, requestId, sign(signing, toSign, '1111'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'pin_wrong' });
    expect((await row(identity.mpinId)).failed_attempts).toBe(2);
    const third = await consent(browser, requestId, sign(signing, toSign, '2222'));
    expect(third.status).toBe(410);
    expect(third.body.error).toMatchObject({ code: 'pin_revoked' });
    expect((await row(identity.mpinId)).state).toBe('revoked');
    expect(await row(signing.mpinId)).toMatchObject({ state: 'revoked', server_key: null });
    // Even the right PIN now: 410, for signing and for login; nothing was given.
    expect((await consent(browser, requestId, sign(signing, toSign, '1357'))).status).toBe(410);
    expect((await browser.login(identity, '1357')).status).toBe(410);
    expect(await server.ctx.consents.get((await row(identity.mpinId)).user_id, clientId)).toEqual(
      [],
    );
  });

  it('a signing key that fails its authentication in storage: 410, that signing identity revoked, the login kept', async () => {
    const { browser, requestId, identity, signing } = await signingUser('8642');
    const toSign = await toSignOf(browser, requestId);
    // Another identity's stored key copied onto this signing identity's row.
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ server_key: (await row(identity.mpinId)).server_key })
      .where('mpin_id', '=', signing.mpinId)
      .execute();
    const refused = await consent(browser, requestId, sign(signing, toSign, '8642'));
    expect(refused.status).toBe(410);
    expect(refused.body.error).toMatchObject({ code: 'pin_revoked' });
    expect(await row(signing.mpinId)).toMatchObject({ state: 'revoked', server_key: null });
    expect((await row(identity.mpinId)).state).toBe('active');
    expect((await browser.login(identity, '8642')).status).toBe(200);
  });

  it('a right PIN signature resets the count; parallel wrong signatures cannot pass three checks', async () => {
    const { browser, requestId, identity, signing } = await signingUser('4444');
    const toSign = await toSignOf(browser, requestId);
    expect((await consent(browser, requestId, sign(signing, toSign, '0000'))).status).toBe(401);
    expect((await browser.login(identity, '4444')).status).toBe(200);
    expect((await row(identity.mpinId)).failed_attempts).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        consent(browser, requestId, sign(signing, toSign, String(1000 + i))),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 410)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2);
    expect((await row(identity.mpinId)).state).toBe('revoked');
  });

  it('a signature of another consent, request, user or time is refused (400) and tests no PIN', async () => {
    const { browser, requestId, identity, signing } = await signingUser('8642');
    const toSign = await toSignOf(browser, requestId);
    const otherRequest = await startRequest(browser.browser);
    const refused = async (body: unknown, at = requestId) => {
      const answer = await consent(browser, at, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: expect.stringMatching(/^(consent_signature_invalid|validation_failed)$/),
      });
    };
    // Replayed on another request: its message names the first one.
    await refused(sign(signing, toSign, '8642'), otherRequest);
    await refused(sign(signing, { ...toSign, claims: ['email', 'phone_number'] }, '8642'));
    await refused(sign(signing, { ...toSign, userId: 'someone-else' }, '8642'));
    await refused(sign(signing, toSign, '8642', new Date(Date.now() - 10 * 60_000).toISOString()));
    const { signedAt: _none, ...withoutTime } = sign(signing, toSign, '8642');
    await refused(withoutTime);
    await refused({ ...sign(signing, toSign, '8642'), signedAt: 'yesterday' });
    // Malformed points: 400 validation_failed, never a 500.
    const good = sign(signing, toSign, '8642');
    await refused({ ...good, signature: { ...good.signature, v: 'ab'.repeat(48) } });
    expect((await row(identity.mpinId)).failed_attempts).toBe(0);

    // Another user's signing identity cannot sign this user's consent.
    const stranger = await signingUser('8642');
    const foreign = await consent(browser, requestId, sign(stranger.signing, toSign, '8642'));
    expect(foreign.status).toBe(410);
    // Without a signature the consent works as before.
    expect((await consent(browser, otherRequest, { Approved: true })).status).toBe(200);
    expect(
      await server.ctx.consents.signatureOf((await row(identity.mpinId)).user_id, clientId),
    ).toBeNull();
  });

  it('dvsRegister: single use, this browser’s, 404 once expired, 403 unknown, 400 for a bad key', async () => {
    const { browser, answer } = await pinUser('9753');
    const { token } = answer.dvsRegister as { token: string };
    const post = (
      by: PinBrowser,
      dvsRegisterToken: string,
      publicKey = pin.createUserKey().publicKey,
    ) =>
      by.call('POST', '/api/mpin/rps/v2/dvsRegister', {
        publicKey,
        deviceName: 'x',
        dvsRegisterToken,
      });
    expect((await post(browser, token, 'ab'.repeat(96))).status).toBe(400);
    // Another browser (cookies) cannot use it, and that try uses it up.
    const other = await post(new PinBrowser(server, clientId), token);
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'pin_activation_invalid' });
    expect((await post(browser, token)).status).toBe(403);
    expect((await post(browser, 'A'.repeat(43))).status).toBe(403);

    // A fresh token, expired.
    const { identity } = await pinUser('9753');
    const fresh = new PinBrowser(server, clientId, browser.browser);
    const passed = await fresh.login(identity, '9753');
    const later = await fresh.authenticate(passed.body.authOTT as string);
    const laterToken = (later.body.dvsRegister as { token: string }).token;
    await server.ctx.database.db.updateTable('pin_dvs_tokens').set({ expires_at: 1 }).execute();
    const expired = await post(fresh, laterToken);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toMatchObject({ code: 'pin_registration_expired' });
    // Expired tokens are swept.
    await fresh.authenticate((await fresh.login(identity, '9753')).body.authOTT as string);
    await server.ctx.database.db.updateTable('pin_dvs_tokens').set({ expires_at: 1 }).execute();
    await server.ctx.pins.sweep();
    expect(await server.ctx.database.db.selectFrom('pin_dvs_tokens').selectAll().execute()).toEqual(
      [],
    );

    // The shares are for the public key given to dvsRegURL only.
    const passedAgain = await fresh.login(identity, '9753');
    const again = await fresh.authenticate(passedAgain.body.authOTT as string);
    const registered = await post(fresh, (again.body.dvsRegister as { token: string }).token);
    expect(registered.status).toBe(200);
    const { mpinId, regOTT } = registered.body as { mpinId: string; regOTT: string };
    const swapped = await fresh.call(
      'GET',
      `/api/mpin/rps/v2/signature/${mpinId}?regOTT=${regOTT}&publicKey=${pin.createUserKey().publicKey}`,
    );
    expect(swapped.status).toBe(403);
  });

  it('renewSecret: a secret issued before the renewal date is renewed, then the login retried', async () => {
    const { identity, signing } = await signingUser('0420');
    const { id } = await row(identity.mpinId);
    await backdateSecret(server, identity.mpinId);

    const fresh = new PinBrowser(server, clientId); // no session
    const passed = await fresh.login(identity, '0420');
    const answer = await fresh.authenticate(passed.body.authOTT as string);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      userRequirements: [],
      renewSecret: { regOTT: expect.any(String) },
    });
    expect(answer.body).not.toHaveProperty('dvsRegister');
    expect(await isSignedIn(server, fresh.browser)).toBe(false);

    const { regOTT } = answer.body.renewSecret as { regOTT: string };
    const renewed = await fresh.shares(identity.mpinId, regOTT, '0420');
    expect(renewed.publicKey).not.toBe(identity.publicKey);
    // A new mpin_id of the same user, on the same identity row.
    expect(renewed.mpinId).not.toBe(identity.mpinId);
    expect(pin.parseMpinId(renewed.mpinId).userID).toBe(pin.parseMpinId(identity.mpinId).userID);
    const renewedRow = await row(renewed.mpinId);
    expect(renewedRow).toMatchObject({
      id,
      state: 'active',
      public_key: renewed.publicKey,
      pending_public_key: null,
      pending_mpin_id: null,
    });
    expect(Number(renewedRow.secret_issued_at)).toBeGreaterThan(Date.parse(renewBefore));
    // The renewal is in the user's activity, and is not a new device.
    const events = (await server.ctx.audit.forUser(String(renewedRow.user_id))).map((e) => e.type);
    expect(events.filter((type) => type === 'pin_renewed')).toHaveLength(1);
    expect(events.filter((type) => type === 'pin_registered')).toHaveLength(1);
    // The regOTT was used once; the old token no longer logs in; the signing identity from the
    // old secret is revoked.
    const reused = await fresh.call(
      'GET',
      `/api/mpin/rps/v2/signature/${identity.mpinId}?regOTT=${regOTT}&publicKey=${renewed.publicKey}`,
    );
    expect(reused.status).toBe(404);
    expect((await fresh.login(identity, '0420')).status).toBe(410);
    expect((await row(signing.mpinId)).state).toBe('revoked');

    const retried = await fresh.login(renewed, '0420');
    const signedIn = await fresh.authenticate(retried.body.authOTT as string);
    expect(signedIn.body).not.toHaveProperty('renewSecret');
    expect(signedIn.body).toHaveProperty('dvsRegister');
    expect(await isSignedIn(server, fresh.browser)).toBe(true);
  });

  it('renewSecret started again replaces the renewal under way; an abandoned one is swept and the old secret stays', async () => {
    const { identity } = await pinUser('1357');
    const { id } = await row(identity.mpinId);
    await backdateSecret(server, identity.mpinId);
    const fresh = new PinBrowser(server, clientId);
    const renewal = async () => {
      const passed = await fresh.login(identity, '1357');
      expect(passed.status).toBe(200);
      const answer = await fresh.authenticate(passed.body.authOTT as string);
      return (answer.body.renewSecret as { regOTT: string }).regOTT;
    };
    const signature = (regOTT: string) =>
      fresh.call(
        'GET',
        `/api/mpin/rps/v2/signature/${identity.mpinId}?regOTT=${regOTT}&publicKey=${pin.createUserKey().publicKey}`,
      );

    const first = await signature(await renewal());
    expect(first.status).toBe(200);
    const second = await signature(await renewal());
    expect(second.status).toBe(200);
    expect(second.body.mpin_id).not.toBe(first.body.mpin_id);
    // The first renewal's cs2url is gone with it: its mpin_id never becomes the identity's.
    expect((await fresh.call('GET', first.body.cs2url as string)).status).toBe(404);
    expect(await row(identity.mpinId)).toMatchObject({
      id,
      pending_mpin_id: second.body.mpin_id,
    });

    // Abandoned after authority 1's share: the sweep clears it once expired.
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ reg_expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    await server.ctx.pins.sweep();
    expect(await row(identity.mpinId)).toMatchObject({
      state: 'active',
      public_key: identity.publicKey,
      pending_public_key: null,
      pending_mpin_id: null,
      key_share_1: null,
      cs2_token_hash: null,
    });
    expect((await fresh.call('GET', second.body.cs2url as string)).status).toBe(404);
    expect((await fresh.login(identity, '1357')).status).toBe(200);
  });

  it('clientSettings: a fresh seedValue each time, and the dvsRegURL', async () => {
    const browser = new PinBrowser(server, clientId);
    const [a, b] = [await browser.settings(), await browser.settings()];
    expect(a.seedValue).toMatch(/^[0-9a-f]{64}$/);
    expect(b.seedValue).not.toBe(a.seedValue);
    expect(a.dvsRegURL).toBe(`${server.url}/api/mpin/rps/v2/dvsRegister`);
  });
});
