import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestCode, signUp, strongPassword } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';
import { BrowserAt, later, randomAddress, retryAfter, securityTargets } from '../test/attacker.js';

/**
 * NIST SP 800-63B 5.2.2 (rate limiting): a cap of at most 100 consecutive failed password
 * attempts per account, with growing delays before it, and limits per client address; shared
 * by every path that checks a password (login, account deletion). Attacks over real HTTP.
 */
describe.each(securityTargets())('password throttling, NIST 800-63B 5.2.2 ($name)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target.db, target.env);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.useRealTimers());

  const newEmail = () => `${randomUUID()}@example.com`;
  const newPassword = 'a brand new passphrase for the account 7';
  const login = (browser: BrowserAt, email: string, password: string) =>
    browser.post('/api/login/email', { Email: email, Password: password });

  /** A delay of `seconds` counted from the last failure, a moment ago. */
  function expectDelay(answer: { status: number; body: Record<string, unknown> }, seconds: number) {
    expect(answer.status).toBe(429);
    expect(retryAfter(answer)).toBeGreaterThan(seconds - 10);
    expect(retryAfter(answer)).toBeLessThanOrEqual(seconds);
  }

  /** Wrong passwords until `count` failures are counted, waiting out each delay. */
  async function fail(email: string, count: number, address = randomAddress()) {
    const attacker = new BrowserAt(server, address);
    for (let failures = 0; failures < count;) {
      const answer = await login(attacker, email, `wrong ${failures}`);
      if (answer.status === 429) later(retryAfter(answer));
      else {
        expect(answer.body).toEqual({ failed: true, userRequirements: [] });
        failures++;
      }
    }
  }

  it('delays after five failures, doubling, the same for an address without an account', async () => {
    const known = newEmail();
    await signUp(server, known, new BrowserAt(server));
    const unknown = newEmail();
    for (const email of [known, unknown]) {
      await fail(email, 5);
      const early = await login(new BrowserAt(server), email, strongPassword);
      expect(early.status).toBe(429);
      expect(early.body.error).toMatchObject({ code: 'rate_limited' });
      expectDelay(early, 30);
    }
    later(30);
    await fail(known, 1);
    const doubled = await login(new BrowserAt(server), known, strongPassword);
    expectDelay(doubled, 60);
    later(60);
    // Once the delay has passed, the right password works and clears the failures.
    const right = await login(new BrowserAt(server), known, strongPassword);
    expect(right.body).toMatchObject({ failed: false });
    expect((await login(new BrowserAt(server), known, 'wrong again')).status).toBe(200);
  });

  it('checks 20 parallel guesses one at a time: once delayed, exactly one gets through', async () => {
    const email = newEmail();
    await signUp(server, email, new BrowserAt(server));
    await fail(email, 5);
    later(30);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(new BrowserAt(server), email, `guess ${i}`)),
    );
    expect(guesses.filter((guess) => guess.status === 200)).toHaveLength(1);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(19);
    // That one failure counted: the next delay is the doubled one.
    expectDelay(await login(new BrowserAt(server), email, strongPassword), 60);
  });

  it(
    'locks after 100 consecutive failures: the right password answers as an unknown account, the owner gets one e-mail, whose reset link works and lifts the lock',
    { timeout: 240_000 },
    async () => {
      const email = newEmail();
      await signUp(server, email, new BrowserAt(server));
      await fail(email, 100);
      later(3600);
      const locked = await login(new BrowserAt(server), email, strongPassword);
      const unknown = await login(new BrowserAt(server), newEmail(), strongPassword);
      expect(locked).toEqual({ status: 200, body: { failed: true, userRequirements: [] } });
      expect(locked).toEqual(unknown);

      // More tries, still one e-mail.
      await login(new BrowserAt(server), email, 'and again');
      const notices = (await server.ctx.outbox.list({ recipient: email })).filter((message) =>
        message.subject?.includes('password login is locked'),
      );
      expect(notices).toHaveLength(1);
      const link = /\/forgotpassword#(\S+)/.exec(notices[0]!.body)?.[1];
      const params = new URLSearchParams(link);
      expect(params.get('email')).toBe(email);

      // Whoever locked it also spent the address's reset-code budget: the link still works.
      const attacker = new BrowserAt(server);
      await attacker.post('/api/forgotpassword', { Email: email });
      for (let i = 0; i < 6; i++)
        await attacker.post('/api/forgotpassword/verifycode', { Email: email, Code: '000000' });
      const reset = await new BrowserAt(server).post('/api/forgotpassword/reset', {
        Email: email,
        ResetToken: params.get('token'),
        Password: newPassword,
      });
      expect(reset).toEqual({ status: 200, body: { status: 'ok' } });
      expect((await login(new BrowserAt(server), email, newPassword)).body).toMatchObject({
        failed: false,
      });
      // Used once.
      const again = await new BrowserAt(server).post('/api/forgotpassword/reset', {
        Email: email,
        ResetToken: params.get('token'),
        Password: `${newPassword} again`,
      });
      expect(again.status).toBe(400);
    },
  );

  it('counts deletion and login failures on one counter', async () => {
    const email = newEmail();
    const owner = await signUp(server, email, new BrowserAt(server));
    for (let i = 0; i < 3; i++) {
      const wrong = await owner.post('/api/account/delete', { Password: `wrong ${i}` });
      expect(wrong.body.error).toMatchObject({ code: 'wrong_password' });
    }
    await fail(email, 2);
    // Five failures across both paths: both are delayed now, even with the right password.
    const loginNow = await login(new BrowserAt(server), email, strongPassword);
    expectDelay(loginNow, 30);
    const deleteNow = await owner.post('/api/account/delete', { Password: strongPassword });
    expect(deleteNow.status).toBe(429);
    expectDelay(deleteNow, 30);
    expect((await server.ctx.users.findByEmail(email))!.closed).toBe(false);
  });

  it('refuses deletion with the right password once the account is locked', async () => {
    // A deployment may lock sooner (PASSWORD_LOCK_AFTER); the same lock guards deletion.
    const sooner = await startTestServer(target.db, { ...target.env, PASSWORD_LOCK_AFTER: '7' });
    try {
      const email = newEmail();
      const owner = await signUp(sooner, email, new BrowserAt(sooner));
      const attacker = new BrowserAt(sooner);
      for (let failures = 0; failures < 7;) {
        const answer = await attacker.post('/api/login/email', { Email: email, Password: 'x' });
        if (answer.status === 429) later(retryAfter(answer));
        else failures++;
      }
      const deletion = await owner.post('/api/account/delete', { Password: strongPassword });
      expect(deletion.status).toBe(429);
      expect(deletion.body.error).toMatchObject({ code: 'rate_limited' });
      expect(retryAfter(deletion)).toBe(0);
      expect((await sooner.ctx.users.findByEmail(email))!.closed).toBe(false);
      const notices = await sooner.ctx.outbox.list({ recipient: email });
      expect(notices.filter((message) => message.subject?.includes('locked'))).toHaveLength(1);
    } finally {
      await sooner.close();
    }
  });

  it('limits password checks per client address, over every account', async () => {
    const address = randomAddress();
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(await login(new BrowserAt(server, address), newEmail(), `guess ${i}`));
    expect(answers.slice(0, 30).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[30]!.status).toBe(429);
  });

  it('kills every other reset token once a reset is done, parallel ones too', async () => {
    const email = newEmail();
    await signUp(server, email, new BrowserAt(server));
    const tokenIn = async (browser: BrowserAt) => {
      await browser.post('/api/forgotpassword', { Email: email });
      const verified = await browser.post('/api/forgotpassword/verifycode', {
        Email: email,
        Code: await latestCode(server, email),
      });
      return String(verified.body.resetToken);
    };
    const [first, second] = [new BrowserAt(server), new BrowserAt(server)];
    const tokens = [await tokenIn(first), await tokenIn(second)];
    const reset = (browser: BrowserAt, token: string, password: string) =>
      browser.post('/api/forgotpassword/reset', {
        Email: email,
        ResetToken: token,
        Password: password,
      });
    expect(await reset(first, tokens[0]!, newPassword)).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    const late = await reset(second, tokens[1]!, `${newPassword} second`);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'invalidCode' });
    expect((await login(new BrowserAt(server), email, newPassword)).body).toMatchObject({
      failed: false,
    });

    // Two tokens used at once: one reset wins.
    const racing = [new BrowserAt(server), new BrowserAt(server)];
    const raced = [await tokenIn(racing[0]!), await tokenIn(racing[1]!)];
    const answers = await Promise.all(
      racing.map((browser, i) => reset(browser, raced[i]!, `${newPassword} race ${i}`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});
