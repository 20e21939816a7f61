import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

/** Moves the server's clock on (it runs in this process), so the sandbox's statuses move on. */
function later(seconds: number): void {
  const now = Date.now() + seconds * 1000;
  if (vi.isFakeTimers()) vi.setSystemTime(now);
  else vi.useFakeTimers({ toFake: ['Date'], now });
}

describe.each(databaseTargets())('SMS and voice (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Bank',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      skipConsent: true,
    });
    config = await discoverClient(server, created);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.useRealTimers());

  const startRequest = (browser: ApiBrowser) => startSignInRequest(server, config, browser);

  async function idToken(browser: ApiBrowser, request: Awaited<ReturnType<typeof startRequest>>) {
    const generated = await browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: request.verifier },
    );
    return tokens.claims()!;
  }

  /** The code in the newest message or call to this number (spaces and commas dropped). */
  async function sentCode(number: string): Promise<string> {
    const [message] = await server.ctx.outbox.list({ recipient: number, limit: 1 });
    const code = /code is ([\d, ]+)\./.exec(message?.body ?? '')?.[1]?.replace(/[ ,]/g, '');
    if (!code) throw new Error(`no code sent to ${number}`);
    return code;
  }

  /**
   * A number of the drama range that no other test of this file uses: the fixed ones here are
   * under 500 and the sandbox's special numbers under 300, so a new one from 500 up each time
   * (a random one could meet a fixed one, whose sends then count against its budget).
   */
  let lastNumber = 499;
  const mobile = () => `07700900${String(++lastNumber)}`;

  async function withSms() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const request = await startRequest(browser);
    const number = mobile();
    expect((await browser.post('/api/sms/startsetup', { mobileNumber: number })).body).toEqual({
      status: 'initiated',
      codeLength: 6,
    });
    const done = await browser.post('/api/sms/completesetup', {
      mobileNumber: number,
      Code: await sentCode(number),
    });
    expect(done.status).toBe(200);
    return { email, browser, request, number, done };
  }

  it('sets up SMS: the code goes to the outbox, statuses move to delivered, the code is bound to the number', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const request = await startRequest(browser);
    for (const mobileNumber of ['01632 960123', '0770090012', '+447700900123', '']) {
      const bad = await browser.post('/api/sms/startsetup', { mobileNumber });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'validation_failed' });
    }
    const started = await browser.post('/api/sms/startsetup', { mobileNumber: '07700 900456' });
    expect(started).toEqual({ status: 200, body: { status: 'initiated', codeLength: 6 } });
    const code = await sentCode('07700900456');
    expect(code).toMatch(/^\d{6}$/);

    expect((await browser.post('/api/sms/pollstatus')).body).toEqual({ status: 'initiated' });
    later(1.5);
    expect((await browser.post('/api/sms/pollstatus')).body).toEqual({ status: 'sent' });
    later(3);
    expect((await browser.post('/api/sms/pollstatus')).body).toEqual({ status: 'delivered' });
    vi.useRealTimers();

    const otherNumber = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700900457',
      Code: code,
    });
    expect(otherNumber.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });
    const wrong = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700900456',
      Code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.body).toEqual({ remainingAttempts: 4 });
    const shortCode = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700900456',
      Code: '1234',
    });
    expect(shortCode.status).toBe(400);
    const done = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700 900456',
      Code: code,
    });
    expect(done.body.userRequirements).toEqual([]);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([
      { authMethod: 'Sms', displayName: 'Mobile ending 456', id: expect.any(String) },
    ]);
    const claims = await idToken(browser, request);
    expect(claims.amr).toEqual(['otp', 'sms', 'mfa']);
    expect(claims.acr).toBe('urn:verity:aal2');
    // The number is encrypted at rest.
    const rows = await server.ctx.database.db
      .selectFrom('second_factors')
      .select('secret')
      .where('method', '=', 'Sms')
      .execute();
    for (const row of rows) expect(row.secret).not.toContain('07700');
  });

  it('logs in with an SMS code: five wrong codes kill it, a new one brings no new guesses until the window moves on, sends are limited per hour', async () => {
    const { email, number } = await withSms();
    const browser = new ApiBrowser(server);
    const request = await startRequest(browser);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: request.requestId,
    });
    expect(login.body.userRequirements).toEqual(['loginWithSecondFactor']);
    expect((await browser.post('/api/sms/startlogin')).body).toEqual({
      status: 'initiated',
      codeLength: 6,
    });
    const first = await sentCode(number);
    const wrongCode = first === '000000' ? '000001' : '000000';
    const left = [];
    for (let i = 0; i < 5; i++)
      left.push((await browser.post('/api/sms/completelogin', { Code: wrongCode })).body);
    expect(left.map((answer) => answer.remainingAttempts)).toEqual([4, 3, 2, 1, 0]);
    const dead = await browser.post('/api/sms/completelogin', { Code: first });
    expect(dead.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });

    // The five wrong codes spent the user's budget: a new code, even typed right, waits.
    await browser.post('/api/sms/startlogin');
    const spent = await browser.postWithHeaders('/api/sms/completelogin', {
      Code: await sentCode(number),
    });
    expect(spent.status).toBe(429);
    expect(spent.body.error).toMatchObject({ code: 'rate_limited' });
    const { retryAfterSeconds } = (spent.body.error as { details: { retryAfterSeconds: number } })
      .details;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(spent.headers.get('retry-after')).toBe(String(Math.ceil(retryAfterSeconds)));

    later(20 * 60);
    await browser.post('/api/sms/startlogin');
    const second = await sentCode(number);
    expect(await browser.post('/api/sms/completelogin', { Code: second })).toEqual({
      status: 200,
      body: { userRequirements: [] },
    });
    // Used once.
    const again = await browser.post('/api/sms/completelogin', { Code: second });
    expect(again.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });
    const claims = await idToken(browser, request);
    expect(claims.amr).toEqual(['pwd', 'sms', 'mfa']);

    // One set-up and three logins so far; one more send this hour, then no more.
    expect((await browser.post('/api/sms/startlogin')).status).toBe(200);
    const limited = await browser.post('/api/sms/startlogin');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
  });

  it('limits the codes sent to one number, whoever asks', async () => {
    const number = mobile();
    const answers = [];
    for (let i = 0; i < 9; i++) {
      const browser = await signUp(server, `${randomUUID()}@example.com`);
      answers.push((await browser.post('/api/sms/startsetup', { mobileNumber: number })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('calls a busy voice test number: the status ends at busy and no code is spoken', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    for (const PhoneNumber of ['07700 900123', '016329601', '016329601234567']) {
      const bad = await browser.post('/api/voice/startsetup', { PhoneNumber });
      expect(bad.status).toBe(400);
    }
    expect(
      (await browser.post('/api/voice/startsetup', { PhoneNumber: '01632 960111' })).body,
    ).toEqual({ status: 'initiated', codeLength: 6 });
    later(1.5);
    expect((await browser.post('/api/voice/pollstatus')).body).toEqual({ status: 'ringing' });
    later(2.5);
    expect((await browser.post('/api/voice/pollstatus')).body).toEqual({ status: 'busy' });
    const [call] = await server.ctx.outbox.list({ recipient: '01632960111', limit: 1 });
    expect(call).toMatchObject({ channel: 'voice' });
    expect(call!.body).not.toMatch(/\d, \d/);
  });

  it.each([
    ['01632960222', 'failed'],
    ['01632960333', 'no-answer'],
  ])('calls %s: %s', async (number, status) => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    await browser.post('/api/voice/startsetup', { PhoneNumber: number });
    later(3);
    expect((await browser.post('/api/voice/pollstatus')).body).toEqual({ status });
  });

  it('sets up voice: answered, then completed; the call speaks the code', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const number = '01632960555';
    await browser.post('/api/voice/startsetup', { PhoneNumber: number });
    later(2.5);
    expect((await browser.post('/api/voice/pollstatus')).body).toEqual({ status: 'in-progress' });
    later(5);
    expect((await browser.post('/api/voice/pollstatus')).body).toEqual({ status: 'completed' });
    vi.useRealTimers();
    const done = await browser.post('/api/voice/completesetup', {
      PhoneNumber: '01632 960555',
      Code: await sentCode(number),
    });
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([
      { authMethod: 'Voice', displayName: 'Phone ending 555', id: expect.any(String) },
    ]);
    // A second method: no new recovery codes; the SMS one can go while voice remains.
    const mobileNumber = mobile();
    await browser.post('/api/sms/startsetup', { mobileNumber });
    const second = await browser.post('/api/sms/completesetup', {
      mobileNumber,
      Code: await sentCode(mobileNumber),
    });
    expect(second.body).not.toHaveProperty('recoveryCodes');
    expect((await browser.post('/api/sms/remove')).body).toEqual({ status: 'ok' });
  });

  it('needs a signed-in user and a started challenge', async () => {
    const anonymous = new ApiBrowser(server);
    expect((await anonymous.post('/api/sms/startlogin')).status).toBe(401);
    expect((await anonymous.post('/api/voice/pollstatus')).status).toBe(401);
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const none = await browser.post('/api/sms/pollstatus');
    expect(none.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });
    const notSetUp = await browser.post('/api/voice/startlogin');
    expect(notSetUp.body.error).toMatchObject({ code: 'second_factor_not_set_up' });
  });
});

describe('SMS codes of 4 digits (SECOND_FACTOR_CODE_LENGTH=4)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { SECOND_FACTOR_CODE_LENGTH: '4' });
  });
  afterAll(async () => server?.close());

  it('sends and accepts 4 digits, says so when it starts, and refuses 6 as bad input', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const started = await browser.post('/api/sms/startsetup', { mobileNumber: '07700900321' });
    expect(started.body).toEqual({ status: 'initiated', codeLength: 4 });
    const [message] = await server.ctx.outbox.list({ recipient: '07700900321', limit: 1 });
    const code = /code is (\d+)\./.exec(message!.body)![1]!;
    expect(code).toMatch(/^\d{4}$/);
    const six = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700900321',
      Code: '123456',
    });
    expect(six.status).toBe(400);
    expect(six.body.error).toMatchObject({
      code: 'validation_failed',
      details: { Code: 'The code should be 4 digits' },
    });
    const done = await browser.post('/api/sms/completesetup', {
      mobileNumber: '07700900321',
      Code: code,
    });
    expect(done.status).toBe(200);
  });
});
