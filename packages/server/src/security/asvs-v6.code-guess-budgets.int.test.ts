import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestCode, signUp, strongPassword } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';
import { BrowserAt, later, randomAddress, securityTargets } from '../test/attacker.js';

/**
 * OWASP ASVS 5 V6 (authentication): out-of-band and one-time codes are rate limited. Guess
 * budgets span every code issued in their window, so asking for a new code brings no new
 * guesses; an overall daily cap and per-address budgets hold; parallel guesses cannot pass.
 */
describe.each(securityTargets())('code-guess budgets, ASVS V6 ($name)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target.db, target.env);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.useRealTimers());

  const newEmail = () => `${randomUUID()}@example.com`;
  const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
  const guessReset = (browser: BrowserAt, email: string, code: string) =>
    browser.post('/api/forgotpassword/verifycode', { Email: email, Code: code });

  it('gives a new reset code no new guesses, in any browser, with or without an account', async () => {
    const known = newEmail();
    await signUp(server, known, new BrowserAt(server));
    const answers: Record<string, number[]> = {};
    for (const email of [known, newEmail()]) {
      const first = new BrowserAt(server);
      await first.post('/api/forgotpassword', { Email: email });
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const wrong = await guessReset(first, email, '000000');
        statuses.push(wrong.status);
        if (wrong.status === 200) expect(wrong.body).toEqual({ invalidCode: true });
      }
      // A new code, asked for in another browser from another address: no fresh tries.
      const second = new BrowserAt(server);
      await second.post('/api/forgotpassword', { Email: email });
      const code = email === known ? await latestCode(server, email) : '123456';
      const spent = await guessReset(second, email, code);
      statuses.push(spent.status);
      expect(spent.body.error).toMatchObject({ code: 'rate_limited' });
      answers[email === known ? 'known' : 'unknown'] = statuses;
    }
    // An address without an account is budgeted the same way: the answers tell nothing.
    expect(answers.known).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.known);
  });

  it('caps guesses per address over a day, across purposes, even as the short window moves on', async () => {
    // Each browser from its own address: only the budget of the e-mail address is at stake.
    const email = newEmail();
    const signup = new BrowserAt(server);
    const register = () =>
      signup.post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      });
    expect((await register()).status).toBe(200);
    // Four rounds of five wrong reset codes, twenty minutes apart: twenty guesses in the day.
    for (let round = 0; round < 4; round++) {
      const browser = new BrowserAt(server);
      await browser.post('/api/forgotpassword', { Email: email });
      for (let i = 0; i < 5; i++)
        expect((await guessReset(browser, email, '000000')).body).toEqual({ invalidCode: true });
      later(20 * 60);
    }
    const browser = new BrowserAt(server);
    await browser.post('/api/forgotpassword', { Email: email });
    expect((await guessReset(browser, email, '000000')).status).toBe(429);
    // The daily cap is over every purpose: the sign-up's own code waits too, typed right.
    await signup.post('/api/resend', { Email: email });
    const verify = () =>
      latestCode(server, email).then((code) =>
        signup.post('/api/verify', { Email: email, Code: code }),
      );
    expect((await verify()).status).toBe(429);
    later(24 * 3600 + 6 * 3600);
    await signup.post('/api/resend', { Email: email });
    expect((await verify()).body).toMatchObject({ valid: true });
  });

  it('lets 20 parallel wrong guesses spend the budget left, and not one more', async () => {
    const email = newEmail();
    const browser = new BrowserAt(server);
    await browser.post('/api/register', {
      Email: email,
      Password: strongPassword,
      TermsAccepted: true,
      TermsVersion: termsVersion,
    });
    const wrong = wrongFor(await latestCode(server, email));
    for (let i = 0; i < 2; i++)
      expect((await browser.post('/api/verify', { Email: email, Code: wrong })).status).toBe(400);
    // A new code: its own five tries would be more than the three the budget has left.
    await browser.post('/api/resend', { Email: email });
    const right = await latestCode(server, email);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post('/api/verify', { Email: email, Code: wrongFor(right) }),
      ),
    );
    const codes = guesses.map((guess) => (guess.body.error as { code: string }).code);
    expect(codes.filter((code) => code === 'invalidCode')).toHaveLength(3);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(17);
    expect((await browser.post('/api/verify', { Email: email, Code: right })).status).toBe(429);
  });

  it('says truthfully how many tries an SMS code has left, across codes', async () => {
    const browser = await signUp(server, newEmail(), new BrowserAt(server));
    const number = `07700900${String(100 + Math.floor(Math.random() * 800)).padStart(3, '0')}`;
    const sentCode = async () => {
      const [message] = await server.ctx.outbox.list({ recipient: number, limit: 1 });
      return /code is ([\d, ]+)\./.exec(message?.body ?? '')![1]!.replace(/[ ,]/g, '');
    };
    const complete = (Code: string) =>
      browser.post('/api/sms/completesetup', { mobileNumber: number, Code });
    expect((await browser.post('/api/sms/startsetup', { mobileNumber: number })).status).toBe(200);
    const left = [];
    for (let i = 0; i < 3; i++) left.push((await complete(wrongFor(await sentCode()))).body);
    expect(left).toEqual([
      { remainingAttempts: 4 },
      { remainingAttempts: 3 },
      { remainingAttempts: 2 },
    ]);
    expect((await browser.post('/api/sms/startsetup', { mobileNumber: number })).status).toBe(200);
    const code = await sentCode();
    expect((await complete(wrongFor(code))).body).toEqual({ remainingAttempts: 1 });
    expect((await complete(wrongFor(code))).body).toEqual({ remainingAttempts: 0 });
    const spent = await complete(code);
    expect(spent.status).toBe(429);
    expect(spent.body.error).toMatchObject({ code: 'rate_limited' });
  });

  it('limits guesses per client address, over every address guessed at', async () => {
    // A deployment's own figure (CODE_GUESSES_PER_ADDRESS_PER_HOUR), small enough to reach
    // within the reset endpoints' own request limit.
    const strict = await startTestServer(target.db, {
      ...target.env,
      CODE_GUESSES_PER_ADDRESS_PER_HOUR: '8',
    });
    try {
      const address = randomAddress();
      const statuses = [];
      for (let victim = 0; victim < 2; victim++) {
        const email = newEmail();
        const browser = new BrowserAt(strict, address);
        await browser.post('/api/forgotpassword', { Email: email });
        for (let i = 0; i < 5; i++)
          statuses.push((await guessReset(browser, email, '000000')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
      // Another address is not held up.
      const other = new BrowserAt(strict);
      const email = newEmail();
      await other.post('/api/forgotpassword', { Email: email });
      expect((await guessReset(other, email, '000000')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
