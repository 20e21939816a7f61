import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp, strongPassword } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const redirectUri = 'http://127.0.0.1:3001/callback';

/** The code of an authenticator app for this secret, `steps` time steps from now. */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });
}

describe.each(databaseTargets())('authenticator app and recovery codes (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;
  let plainConfig: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Bank',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      skipConsent: true,
    });
    const plain = await server.ctx.clients.create({
      name: 'Shop',
      redirectUris: [redirectUri],
      skipConsent: true,
    });
    const discover = (client: typeof created) =>
      oidc.discovery(
        new URL(server.url),
        client.clientId,
        client.clientSecret!,
        oidc.ClientSecretBasic(client.clientSecret!),
        { execute: [oidc.allowInsecureRequests] },
      );
    config = await discover(created);
    plainConfig = await discover(plain);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.useRealTimers());

  async function startRequest(
    browser: ApiBrowser,
    extra: Record<string, string> = {},
    clientConfig = config,
  ) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(clientConfig, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const location = (await browser.fetch(url.href)).headers.get('location')!;
    await browser.fetch(`${server.url}${location}`);
    return { requestId: location.split('/').pop()!, verifier, state, clientConfig };
  }

  async function finish(browser: ApiBrowser, request: Awaited<ReturnType<typeof startRequest>>) {
    const generated = await browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    expect(generated.body.userRequirements).toEqual([]);
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      request.clientConfig,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: request.verifier, expectedState: request.state },
    );
    return tokens.claims()!;
  }

  /** A new user with an authenticator app set up; returns its secret and recovery codes. */
  async function withAuthenticator() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const request = await startRequest(browser);
    const started = await browser.post('/api/authenticator/startsetup');
    const secret = String(started.body.secret);
    const done = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(done.status).toBe(200);
    return { email, browser, request, secret, recoveryCodes: done.body.recoveryCodes as string[] };
  }

  /** Logs in with the password in a new browser, during a new request of the client. */
  async function passwordLogin(email: string, extra: Record<string, string> = {}) {
    const browser = new ApiBrowser(server);
    const request = await startRequest(browser, extra);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: request.requestId,
    });
    expect(login.body.failed).toBe(false);
    return { browser, request, userRequirements: login.body.userRequirements };
  }

  it('sets up an authenticator app with a client that requires a second factor; the ID token says aal2', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const request = await startRequest(browser);
    expect((await browser.post(`/api/requests/${request.requestId}`)).body).toMatchObject({
      userRequirements: ['setupSecondFactor'],
    });
    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([]);

    const started = await browser.post('/api/authenticator/startsetup');
    expect(started.status).toBe(200);
    const secret = String(started.body.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toBe(
      `otpauth://totp/Verity:${encodeURIComponent(email)}?issuer=Verity&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(String(started.body.qrCode)).toMatch(/^data:image\/svg\+xml;base64,/);

    for (const Code of ['12345', '1234567', 'abcdef', '']) {
      const bad = await browser.post('/api/authenticator/completesetup', { Code });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'validation_failed' });
    }
    const wrong = await browser.post('/api/authenticator/completesetup', {
      Code: codeFor(secret, 5),
    });
    expect(wrong).toEqual({ status: 200, body: { remainingAttempts: 4 } });

    const done = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(done.status).toBe(200);
    expect(done.body.userRequirements).toEqual([]);
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([
      { authMethod: 'Authenticator', displayName: 'Authenticator app', id: expect.any(String) },
    ]);
    // The secret is encrypted at rest.
    const row = await server.ctx.database.db
      .selectFrom('second_factors')
      .select(['secret', 'display_name'])
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.display_name).not.toContain('Authenticator');

    // Signed in by the sign-up's e-mail code ('otp'), then the app: two factors ('mfa').
    const claims = await finish(browser, request);
    expect(claims.amr).toEqual(['otp', 'mfa']);
    expect(claims.acr).toBe('urn:verity:aal2');
  });

  it('asks for the second factor at the next login; a code is accepted once, with one step of tolerance', async () => {
    const { email, secret } = await withAuthenticator();
    const { browser, request, userRequirements } = await passwordLogin(email);
    expect(userRequirements).toEqual(['loginWithSecondFactor']);
    // The set-up's code (this time step) was used already.
    const replay = await browser.post('/api/authenticator/login', { Code: codeFor(secret) });
    expect(replay).toEqual({ status: 200, body: { remainingAttempts: 4 } });
    const next = await browser.post('/api/authenticator/login', { Code: codeFor(secret, 1) });
    expect(next).toEqual({ status: 200, body: { userRequirements: [] } });
    // A right answer does not restore earlier wrong ones: the replay still counts.
    const again = await browser.post('/api/authenticator/login', { Code: codeFor(secret, 1) });
    expect(again.body).toEqual({ remainingAttempts: 3 });

    const claims = await finish(browser, request);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(claims.acr).toBe('urn:verity:aal2');
    const audit = await server.ctx.audit.forUser((await server.ctx.users.findByEmail(email))!.id);
    expect(audit.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'second_factor_added',
        'recovery_codes_created',
        'second_factor_failed',
        'second_factor_login',
      ]),
    );
  });

  it('asks a user who has a second factor for it, whether the client or acr_values demands one or not', async () => {
    const { email } = await withAuthenticator();
    expect((await passwordLogin(email)).userRequirements).toEqual(['loginWithSecondFactor']);
    const browser = new ApiBrowser(server);
    const plain = await startRequest(browser, {}, plainConfig);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: plain.requestId,
    });
    // The second factor of a user who has one comes first (DESIGN.md, 'Who may call what'):
    // a password alone no longer finishes a request, nor reads or writes anything.
    expect(login.body.userRequirements).toEqual(['loginWithSecondFactor']);
    expect(
      (await browser.post('/api/generateresponse', { requestId: plain.requestId })).body,
    ).toMatchObject({
      redirect_Uri: null,
      userRequirements: ['loginWithSecondFactor'],
    });

    const asked = new ApiBrowser(server);
    const aal2 = await startRequest(asked, { acr_values: 'urn:verity:aal2' }, plainConfig);
    const again = await asked.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: aal2.requestId,
    });
    expect(again.body.userRequirements).toEqual(['loginWithSecondFactor']);
  });

  it('stops after five wrong codes in a row (brute force)', async () => {
    const { email, secret } = await withAuthenticator();
    const { browser } = await passwordLogin(email);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await browser.post('/api/authenticator/login', { Code: '000000' })).body);
    expect(answers.map((answer) => answer.remainingAttempts)).toEqual([4, 3, 2, 1, 0]);
    const blocked = await browser.post('/api/authenticator/login', { Code: codeFor(secret, 1) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatchObject({ code: 'rate_limited' });
    // Recovery codes share the count: switching method gives no more guesses.
    const recovery = await browser.post('/api/recoverycodes/login', { Code: 'aaaaa-aaaaa' });
    expect(recovery.status).toBe(429);
  });

  it('counts parallel wrong codes atomically', async () => {
    const { email } = await withAuthenticator();
    const { browser } = await passwordLogin(email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => browser.post('/api/authenticator/login', { Code: '000000' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });

  it('kills a set-up after five wrong codes', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const secret = String((await browser.post('/api/authenticator/startsetup')).body.secret);
    for (let left = 4; left >= 0; left--) {
      const wrong = await browser.post('/api/authenticator/completesetup', { Code: '000000' });
      expect(wrong.body).toEqual({ remainingAttempts: left });
    }
    const dead = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(dead.status).toBe(400);
    expect(dead.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });
    // The set-up belongs to the browser that started it.
    const other = new ApiBrowser(server);
    const completed = await other.post('/api/authenticator/completesetup', {
      Code: codeFor(secret),
    });
    expect(completed.status).toBe(401);
  });

  it('logs in with a recovery code, each code once; new codes replace the old ones', async () => {
    const { email, recoveryCodes } = await withAuthenticator();
    const { browser, request, userRequirements } = await passwordLogin(email);
    expect(userRequirements).toEqual(['loginWithSecondFactor']);
    const used = await browser.post('/api/recoverycodes/login', {
      Code: recoveryCodes[3]!.toUpperCase().replace('-', ' '),
    });
    expect(used).toEqual({ status: 200, body: { userRequirements: [] } });
    const claims = await finish(browser, request);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(claims.acr).toBe('urn:verity:aal2');
    expect(await (await browser.fetch(`${server.url}/api/recoverycodes`)).json()).toEqual({
      remaining: 9,
    });

    const second = await passwordLogin(email);
    const reused = await second.browser.post('/api/recoverycodes/login', {
      Code: recoveryCodes[3],
    });
    expect(reused.body).toEqual({ remainingAttempts: 4 });
    const bad = await second.browser.post('/api/recoverycodes/login', { Code: 'not a code!' });
    expect(bad.status).toBe(400);

    const fresh = await browser.post('/api/recoverycodes');
    expect((fresh.body.recoveryCodes as string[]).length).toBe(10);
    const old = await second.browser.post('/api/recoverycodes/login', {
      Code: recoveryCodes[0],
    });
    expect(old.body).toEqual({ remainingAttempts: 3 });
    const renewed = await second.browser.post('/api/recoverycodes/login', {
      Code: (fresh.body.recoveryCodes as string[])[0],
    });
    expect(renewed.body).toEqual({ userRequirements: [] });
  });

  it('changes methods only after a recent login and a second factor in this session', async () => {
    const { email, browser, secret } = await withAuthenticator();
    // Without the second factor in this session, nothing changes.
    const { browser: passwordOnly } = await passwordLogin(email);
    for (const [path, code] of [
      ['/api/authenticator/remove', 'second_factor_login_required'],
      ['/api/recoverycodes', 'second_factor_login_required'],
      ['/api/authenticator/startsetup', 'second_factor_required'],
    ]) {
      const refused = await passwordOnly.post(path!);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code });
    }
    // The last method while a client requiring one waits: refused.
    const last = await browser.post('/api/authenticator/remove');
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({ code: 'last_second_factor_required' });
    // Sixteen minutes after the login: log in again first.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    const stale = await passwordOnly.post('/api/authenticator/startsetup');
    expect(stale.body.error).toMatchObject({ code: 'recent_login_required' });
    vi.useRealTimers();
    expect(secret).toBeTruthy();
  });

  it('removes the authenticator when no request needs it; the recovery codes go with the last method', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const secret = String((await browser.post('/api/authenticator/startsetup')).body.secret);
    const done = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(done.body).toMatchObject({ userRequirements: [] });
    expect((await browser.post('/api/authenticator/startsetup')).body.error).toMatchObject({
      code: 'second_factor_already_set_up',
    });
    expect(await browser.post('/api/authenticator/remove')).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([]);
    expect(await (await browser.fetch(`${server.url}/api/recoverycodes`)).json()).toEqual({
      remaining: 0,
    });
    const again = await browser.post('/api/authenticator/remove');
    expect(again.body.error).toMatchObject({ code: 'second_factor_not_set_up' });
    // Every call is in the OpenAPI document.
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/secondfactor',
        '/api/authenticator/remove',
        '/api/sms/pollstatus',
        '/api/voice/completesetup',
        '/api/webauthn/completelogin',
        '/api/recoverycodes/login',
      ]),
    );
    // Anonymous callers get nothing.
    const anonymous = new ApiBrowser(server);
    expect((await anonymous.fetch(`${server.url}/api/secondfactor`)).status).toBe(401);
    expect((await anonymous.post('/api/authenticator/login', { Code: '123456' })).status).toBe(401);
  });
});
