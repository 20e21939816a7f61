import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, latestCode, signUp, strongPassword } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

/** Attempt counters hold under parallel requests, and limits do not tell who has an account. */
describe.each(databaseTargets())('counters under parallel requests (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  it('checks one password guess at a time per account, however many arrive at once', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new ApiBrowser(server).post('/api/login/email', { Email: email, Password: `wrong ${i}` }),
      ),
    );
    const checked = guesses.filter((guess) => guess.status === 200);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    // One at a time: only guesses that arrive after the one before it finished, never more
    // than the failures allowed before the first delay.
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((guess) => guess.body.failed === true)).toBe(true);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(12 - checked.length);
  });

  it('limits sign-ups of an existing account like new ones, so a 429 tells nothing', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const browser = new ApiBrowser(server);
    const again = () =>
      browser.post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      });
    for (let i = 0; i < 5; i++) expect((await again()).status).toBe(200);
    expect((await again()).status).toBe(429);
  });

  it("lets a stranger's requests not use up another browser's codes", async () => {
    const email = `${randomUUID()}@example.com`;
    const stranger = new ApiBrowser(server);
    const register = (browser: ApiBrowser) =>
      browser.post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      });
    for (let i = 0; i < 5; i++) expect((await register(stranger)).status).toBe(200);
    expect((await register(stranger)).status).toBe(429);
    expect((await register(new ApiBrowser(server))).status).toBe(200);
  });

  it('uses a reset token once, even twice at the same moment', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const browser = new ApiBrowser(server);
    await browser.post('/api/forgotpassword', { Email: email });
    const verified = await browser.post('/api/forgotpassword/verifycode', {
      Email: email,
      Code: await latestCode(server, email),
    });
    const reset = (password: string) =>
      browser.post('/api/forgotpassword/reset', {
        Email: email,
        ResetToken: verified.body.resetToken,
        Password: password,
      });
    const answers = await Promise.all([
      reset('first parallel passphrase 11'),
      reset('second parallel passphrase 22'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
