/**
 * Evidence expires (validity.ts): a passport check counts while a fresh check would accept the
 * passport, and any check for EVIDENCE_MAX_AGE_DAYS. Expired, it no longer meets a client's
 * assurance, the check is offered again, the home page says it expired and a shared identity
 * leaves it out; the records themselves are kept. Time moves on with a faked Date (the server
 * runs in this process), on two servers: one whose maximum age outlasts the passport, to see
 * the document rule alone, and one with EVIDENCE_MAX_AGE_DAYS=30.
 */
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity } from '../../test/identities.js';
import { verifiedFields } from '../identity/verifiedFields.js';
import { verifiedClaims } from './verifiedClaims.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';

const DAY = 86_400_000;
/** The sandbox's passport (docs/sandbox.md): it expires on 2031-04-30. */
const anna = {
  number: '533401372',
  surname: 'Smith',
  given: 'anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};

describe.each(databaseTargets())('identity-check evidence expires (%s)', (target) => {
  /** A server whose client demands a passport, or a driving licence and KBV. */
  async function serverWith(maxAgeDays: number) {
    const { server, config } = await startServerWithClient(
      target,
      { EVIDENCE_MAX_AGE_DAYS: String(maxAgeDays) },
      {
        name: 'Estate agent',
        redirectUris: [redirectUri],
        assurance: [['Passport'], ['DrivingLicence', 'KBVL1']],
      },
    );
    return { server, config };
  }

  type Stack = Awaited<ReturnType<typeof serverWith>>;
  let tenYears: Stack;
  let thirtyDays: Stack;

  beforeAll(async () => {
    tenYears = await serverWith(3650);
    thirtyDays = await serverWith(30);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await tenYears?.server.close();
    await thirtyDays?.server.close();
  });

  async function startClaimsRequest(
    { server, config }: Stack,
    browser: ApiBrowser,
    extra: Record<string, string> = {},
  ) {
    const state = oidc.randomState();
    return { ...(await startSignInRequest(server, config, browser, { state, ...extra })), state };
  }

  async function startRequest(stack: Stack, browser: ApiBrowser): Promise<string> {
    return (await startClaimsRequest(stack, browser)).requestId;
  }

  /** The id_token's verified_claims of a request that asks for them, consented to. */
  async function verifiedClaimsOf(stack: Stack, browser: ApiBrowser) {
    const claims = JSON.stringify({
      id_token: { verified_claims: { verification: null, claims: { family_name: null } } },
    });
    const { requestId, verifier, state } = await startClaimsRequest(stack, browser, { claims });
    await browser.post(`/api/consent?requestId=${requestId}`, { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.body).toMatchObject({ userRequirements: [] });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(
        new URL(response.headers.get('location')!, stack.server.url).href,
      );
    const tokens = await oidc.authorizationCodeGrant(
      stack.config,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    return tokens.claims()!.verified_claims as {
      verification: { evidence: Array<{ check_details: Array<{ check_id: string }> }> };
    };
  }

  /** A user who passed the passport check in a request of the client, at the real time. */
  async function verifiedUser(stack: Stack) {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(stack.server, email);
    const userId = await claimIdentity(stack.server, email, 'anna');
    const requestId = await startRequest(stack, browser);
    const passed = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect(passed.body).toMatchObject({ verified: true, userRequirements: [] });
    return { email, userId };
  }

  /** At another time (Date faked): a new browser signs in to a new request of the client. */
  async function signInAt(stack: Stack, email: string, at: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    const browser = new ApiBrowser(stack.server);
    const requestId = await startRequest(stack, browser);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: requestId,
      RememberMe: false,
    });
    expect(login.status).toBe(200);
    return { browser, requestId, userRequirements: login.body.userRequirements };
  }

  async function home({ server }: Stack, browser: ApiBrowser) {
    return (await (await browser.fetch(`${server.url}/api/home`)).json()) as {
      verification: Array<{ name: string; expired?: boolean }>;
    };
  }

  /** What the recipient of a share link sees of the user's verifications. */
  async function sharedVerifications({ server }: Stack, browser: ApiBrowser) {
    const recipient = `agent-${randomUUID()}@example.com`;
    expect((await browser.post('/api/share', { email: recipient })).status).toBe(200);
    await server.ctx.email.flush();
    const [mail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    const token = /\/shared#([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
    const opened = await new ApiBrowser(server).post('/api/shared', { token });
    expect(opened.status).toBe(200);
    return opened.body.verification;
  }

  it('a passport beyond its 6 months of grace no longer meets the assurance, and is offered again', async () => {
    const stack = tenYears;
    const { email, userId } = await verifiedUser(stack);

    // The passport expired on 2031-04-30; a fresh check accepts it to 2031-10-30.
    const inGrace = await signInAt(stack, email, Date.UTC(2031, 9, 30, 12));
    expect(inGrace.userRequirements).toEqual([]);
    vi.useRealTimers();

    const later = await signInAt(stack, email, Date.UTC(2031, 10, 1, 12));
    expect(later.userRequirements).toEqual(['assurance']);
    const options = await (
      await later.browser.fetch(`${stack.server.url}/api/verification/${later.requestId}`)
    ).json();
    expect(options).toMatchObject({
      options: [
        { checks: ['Passport'], score: 1 },
        { checks: ['DrivingLicence', 'KBVL1'], score: 2 },
      ],
      completed: [],
    });
    const chosen = await later.browser.post(`/api/verification/${later.requestId}/choice`, {
      checks: ['Passport'],
    });
    expect(chosen.body).toEqual({ assuranceChoice: ['Passport'], userRequirements: ['assurance'] });
    const refused = await later.browser.post('/api/generateresponse', {
      requestId: later.requestId,
    });
    expect(refused.body).toMatchObject({ redirect_Uri: null, userRequirements: ['assurance'] });
    expect(await home(stack, later.browser)).toMatchObject({
      verification: [{ name: 'Passport', expired: true }],
    });
    expect(await sharedVerifications(stack, later.browser)).toEqual([]);

    // The check is open again; this passport is now refused by the form's own rule.
    const stale = await later.browser.post(
      `/api/verifypassport?requestId=${later.requestId}`,
      anna,
    );
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: { code: 'validation_failed' } });

    // The record is kept.
    const rows = await stack.server.ctx.database.db
      .selectFrom('evidence')
      .select('outcome')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([{ outcome: 'passed' }]);
  });

  it('any check expires after EVIDENCE_MAX_AGE_DAYS: offered again, left out of a shared identity and verified_claims', async () => {
    const stack = thirtyDays;
    const { email, userId } = await verifiedUser(stack);

    const within = await signInAt(stack, email, Date.now() + 29 * DAY);
    expect(within.userRequirements).toEqual([]);
    expect(await home(stack, within.browser)).toMatchObject({
      verification: [{ name: 'Passport', expired: false }],
    });
    expect(await sharedVerifications(stack, within.browser)).toMatchObject([{ name: 'Passport' }]);
    vi.useRealTimers();

    const later = await signInAt(stack, email, Date.now() + 31 * DAY);
    expect(later.userRequirements).toEqual(['assurance']);
    expect(await home(stack, later.browser)).toMatchObject({
      verification: [{ name: 'Passport', expired: true }],
    });
    expect(await sharedVerifications(stack, later.browser)).toEqual([]);
    // Done again, it counts again.
    const again = await later.browser.post(
      `/api/verifypassport?requestId=${later.requestId}`,
      anna,
    );
    expect(again.body).toMatchObject({ verified: true, userRequirements: [] });

    // verified_claims carries the new check as evidence, not the expired one.
    const [renewed, expired] = await stack.server.ctx.evidence.forUser(userId);
    expect([renewed?.expired, expired?.expired]).toEqual([false, true]);
    const verified = await verifiedClaimsOf(stack, later.browser);
    expect(
      verified.verification.evidence.map((evidence) => evidence.check_details[0]!.check_id),
    ).toEqual([renewed!.transactionId]);
  });
  it('single sign-on does not claim acr ial2 from a session once its evidence expired (review R1)', async () => {
    const stack = thirtyDays;
    const { email } = await verifiedUser(stack);
    const own = new ApiBrowser(stack.server);
    await own.post('/api/login/email', { Email: email, Password: strongPassword });
    const started = await own.post('/api/authenticator/startsetup');
    const secret = Secret.fromBase32(String(started.body.secret));
    const code = () => TOTP.generate({ secret, timestamp: Date.now() });
    expect((await own.post('/api/authenticator/completesetup', { Code: code() })).status).toBe(200);

    // Day 29, remembered: both factors, the evidence still counts; the request ends (ial2).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * DAY });
    const browser = new ApiBrowser(stack.server);
    const { requestId } = await startSignInRequest(stack.server, stack.config, browser, {
      state: oidc.randomState(),
    });
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: requestId,
      RememberMe: true,
    });
    expect(login.body.userRequirements).toEqual(['loginWithSecondFactor']);
    await browser.post(`/api/authenticator/login?requestId=${requestId}`, { Code: code() });
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.body).toMatchObject({ userRequirements: [] });
    const first = await followToClient(stack, browser, generated.body.redirect_Uri as string);
    expect(first.searchParams.get('code')).toBeTruthy();

    // While the evidence holds, single sign-on answers at once (prompt=none keeps working).
    const silent = oidc.buildAuthorizationUrl(stack.config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      prompt: 'none',
      state: oidc.randomState(),
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const answered = await followToClient(stack, browser, silent.href, '/requests/');
    expect(answered.searchParams.get('code')).toBeTruthy();

    // Day 31, the same session: the passport check has expired. Single sign-on must go
    // through Verity's pages (assurance outstanding), not answer with a code claiming ial2.
    vi.setSystemTime(Date.now() + 2 * DAY);
    const url = oidc.buildAuthorizationUrl(stack.config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: oidc.randomState(),
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const landed = await followToClient(stack, browser, url.href, '/requests/');
    expect(landed.pathname).toMatch(/^\/requests\//);
    await browser.fetch(landed.href);
    const info = await browser.post(landed.pathname.replace('/requests/', '/api/requests/'));
    expect(info.body).toMatchObject({ loggedIn: true, userRequirements: ['assurance'] });
    // The check done again, the request ends with ial2 once more, without a loop.
    const requestId2 = landed.pathname.split('/').pop()!;
    const again = await browser.post(`/api/verifypassport?requestId=${requestId2}`, anna);
    expect(again.body).toMatchObject({ verified: true, userRequirements: [] });
    const done = await browser.post('/api/generateresponse', { requestId: requestId2 });
    const back = await followToClient(
      stack,
      browser,
      done.body.redirect_Uri as string,
      '/requests/',
    );
    expect(back.href.startsWith(redirectUri)).toBe(true);
  });

  it('editing a verified name sets its evidence aside: no verified_claims, assurance (and so ial2) outstanding, even in ID tokens from an earlier code or refresh token, until a check matches', async () => {
    const stack = tenYears;
    const { email, userId } = await verifiedUser(stack);
    const request = { verification: null, claims: { given_name: null, family_name: null } };
    const claimsNow = async () =>
      verifiedClaims(await stack.server.ctx.evidence.forUser(userId), request);
    expect(await claimsNow()).toMatchObject({
      claims: { given_name: 'ANNA', family_name: 'SMITH' },
    });

    // Two factors, and a request that ends with ial2 and a code, before the edit.
    const { otp, asked, callback } = await codeWithTwoFactors(stack, email, {
      claims: JSON.stringify({ id_token: { verified_claims: request } }),
      scope: 'openid offline_access',
    });

    // This deployment's form has no name fields: the edit goes to the store /api/profile writes.
    await stack.server.ctx.profiles.update(userId, { given_name: 'Annabel' });
    expect(await claimsNow()).toBeUndefined();

    // The code, minted with ial2 before the edit and exchanged after it: its ID token says two
    // factors, not a verified identity, and carries no verified_claims; nor does a refresh.
    const tokens = await oidc.authorizationCodeGrant(stack.config, callback, {
      pkceCodeVerifier: asked.verifier,
      expectedState: asked.state,
    });
    expect(tokens.claims()).toMatchObject({ acr: 'urn:verity:aal2' });
    expect(tokens.claims()!.verified_claims).toBeUndefined();
    const refreshed = await oidc.refreshTokenGrant(stack.config, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ acr: 'urn:verity:aal2' });
    expect(refreshed.claims()!.verified_claims).toBeUndefined();
    expect(await verifiedFields(stack.server.ctx, userId)).toEqual({
      given_name: false,
      family_name: false,
      birthdate: false,
    });
    // A new request of the client asks for the assurance again (acr ial2 needs it met).
    // (A minute on: the app's next codes were used above.)
    const later = await signInAt(stack, email, Date.now() + 60_000);
    expect(later.userRequirements).toContain('loginWithSecondFactor');
    const second = await later.browser.post(
      `/api/authenticator/login?requestId=${later.requestId}`,
      { Code: otp(0) },
    );
    expect(second.status).toBe(200);
    const outstanding = await later.browser.post(`/api/requests/${later.requestId}`);
    expect(outstanding.body.userRequirements).toContain('assurance');
    // The passport names Anna, not Annabel: another person's now, so the check fails.
    const mismatch = await later.browser.post(
      `/api/verifypassport?requestId=${later.requestId}`,
      anna,
    );
    expect(mismatch.body).toMatchObject({ verified: false });

    // The name set back, the passport's evidence is about the profile again.
    await stack.server.ctx.profiles.update(userId, { given_name: 'Anna' });
    expect(await claimsNow()).toMatchObject({ claims: { given_name: 'ANNA' } });
    expect(await verifiedFields(stack.server.ctx, userId)).toEqual({
      given_name: true,
      family_name: true,
      birthdate: true,
    });
    // And a refresh says ial2 again, with the passport's name.
    const again = await oidc.refreshTokenGrant(
      stack.config,
      refreshed.refresh_token ?? tokens.refresh_token!,
    );
    expect(again.claims()).toMatchObject({
      acr: 'urn:verity:ial2',
      verified_claims: { claims: { given_name: 'ANNA', family_name: 'SMITH' } },
    });
  });

  it('a request that made ial2 essential is refused a token once the verified name was edited, never answered with an acr it did not accept', async () => {
    const stack = tenYears;
    const { email, userId } = await verifiedUser(stack);
    const { asked, callback } = await codeWithTwoFactors(stack, email, {
      claims: JSON.stringify({
        id_token: {
          acr: { essential: true, values: ['urn:verity:ial2'] },
          verified_claims: { verification: null, claims: { family_name: null } },
        },
      }),
      scope: 'openid',
    });

    await stack.server.ctx.profiles.update(userId, { given_name: 'Annabel' });
    const refused = await oidc
      .authorizationCodeGrant(stack.config, callback, {
        pkceCodeVerifier: asked.verifier,
        expectedState: asked.state,
      })
      .then(
        () => null,
        (error: unknown) => error as { error?: string },
      );
    expect(refused).toMatchObject({ error: 'invalid_grant' });
  });

  /**
   * The user sets up an authenticator app, then a request with these claims is signed in with
   * the password and the app's code, consented to and answered with a code, which ends with
   * nothing outstanding (ial2 when the evidence meets the client's demand); the app's codes.
   */
  async function codeWithTwoFactors(
    stack: Stack,
    email: string,
    params: { claims: string; scope: string },
  ) {
    const own = new ApiBrowser(stack.server);
    await own.post('/api/login/email', { Email: email, Password: strongPassword });
    const started = await own.post('/api/authenticator/startsetup');
    const secret = Secret.fromBase32(String(started.body.secret));
    const otp = (step: number) => TOTP.generate({ secret, timestamp: Date.now() + step * 30_000 });
    expect((await own.post('/api/authenticator/completesetup', { Code: otp(0) })).status).toBe(200);
    const browser = new ApiBrowser(stack.server);
    const asked = await startClaimsRequest(stack, browser, { ...params, prompt: 'consent' });
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: asked.requestId,
    });
    expect(login.body.userRequirements).toContain('loginWithSecondFactor');
    await browser.post(`/api/authenticator/login?requestId=${asked.requestId}`, { Code: otp(1) });
    await browser.post(`/api/consent?requestId=${asked.requestId}`, { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId: asked.requestId });
    expect(generated.body).toMatchObject({ userRequirements: [] });
    const callback = await followToClient(stack, browser, generated.body.redirect_Uri as string);
    return { otp, asked, callback };
  }

  /** Follows the provider's redirects to the client (or to Verity's request page). */
  async function followToClient(
    { server }: Stack,
    browser: ApiBrowser,
    from: string,
    orPath = redirectUri,
  ) {
    let response = await browser.fetch(from);
    for (let hops = 0; hops < 6; hops += 1) {
      const location = new URL(response.headers.get('location')!, server.url);
      if (location.href.startsWith(redirectUri) || location.pathname.startsWith(orPath))
        return location;
      response = await browser.fetch(location.href);
    }
    throw new Error('too many redirects');
  }
});
