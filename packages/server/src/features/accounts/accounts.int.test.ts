import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, latestCode, signUp, strongPassword } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const newEmail = () => `user-${randomUUID()}@example.com`;

describe.each(databaseTargets())('accounts API (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.useRealTimers());

  const register = (browser: ApiBrowser, email: string, extra: Record<string, unknown> = {}) =>
    browser.post('/api/register', {
      Email: email,
      Password: strongPassword,
      TermsAccepted: true,
      TermsVersion: termsVersion,
      ...extra,
    });

  describe('sign-up and e-mail verification', () => {
    it('signs up, verifies, stores the terms version and an audit trail, and signs the browser in', async () => {
      const email = newEmail();
      const browser = new ApiBrowser(server);
      expect(await register(browser, email)).toEqual({ status: 200, body: { status: 'codeSent' } });
      const verified = await browser.post('/api/verify', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect(verified).toEqual({ status: 200, body: { valid: true, email, userRequirements: [] } });
      const user = (await server.ctx.users.findByEmail(email))!;
      expect(user.emailVerified).toBe(true);
      expect(await server.ctx.users.termsAccepted(user.id)).toEqual([termsVersion]);
      expect((await server.ctx.audit.forUser(user.id)).map((event) => event.type).sort()).toEqual([
        'email_verified',
        'login',
        'signup',
      ]);
      expect(
        (await browser.post('/api/login/email', { Email: email, Password: strongPassword })).body,
      ).toMatchObject({ failed: false });
      const session = await browser.fetch(`${server.url}/api/session`);
      expect(await session.json()).toEqual({ loggedIn: true, email });
    });

    it.each([
      ['no terms', { TermsAccepted: false }, 'validation_failed'],
      ['old terms', { TermsVersion: '2000-01-01' }, 'validation_failed'],
      ['a weak password', { Password: 'password1' }, 'weak_password'],
      ['a bad e-mail', { Email: 'not-an-email' }, 'validation_failed'],
      ['an unknown field', { Admin: true }, 'validation_failed'],
      ['a number for the e-mail', { Email: 42 }, 'validation_failed'],
    ])('refuses %s with a code', async (_name, extra, code) => {
      const response = await register(new ApiBrowser(server), newEmail(), extra);
      expect(response.status).toBe(400);
      expect((response.body.error as { code: string }).code).toBe(code);
    });

    it('answers the same for an existing account, and mails its owner instead of a code', async () => {
      const email = newEmail();
      await signUp(server, email);
      const again = await register(new ApiBrowser(server), email);
      expect(again).toEqual({ status: 200, body: { status: 'codeSent' } });
      const [message] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
      expect(message?.subject).toContain('already have');
    });

    it('counts wrong codes: invalidCode, then dead after five; a resent code brings no new guesses until the window moves on', async () => {
      const email = newEmail();
      const browser = new ApiBrowser(server);
      await register(browser, email);
      const right = await latestCode(server, email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const response = await browser.post('/api/verify', { Email: email, Code: wrong });
        expect((response.body.error as { code: string }).code).toBe('invalidCode');
      }
      const dead = await browser.post('/api/verify', { Email: email, Code: right });
      expect((dead.body.error as { code: string }).code).toBe('codeExpiredCanResend');
      expect((await browser.post('/api/resend', { Email: email })).body).toEqual({
        status: 'codeSent',
      });
      const spent = await browser.post('/api/verify', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect(spent.status).toBe(429);
      expect(spent.body.error).toMatchObject({ code: 'rate_limited' });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20 * 60_000 });
      expect((await browser.post('/api/resend', { Email: email })).body).toEqual({
        status: 'codeSent',
      });
      const fresh = await browser.post('/api/verify', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect(fresh.body).toMatchObject({ valid: true });
    });

    it('refuses a code in another browser, so a pending password cannot be hijacked', async () => {
      const email = newEmail();
      await register(new ApiBrowser(server), email);
      // Nor did registering someone's address accept terms on their behalf.
      const pendingUser = (await server.ctx.users.findByEmail(email))!;
      expect(await server.ctx.users.termsAccepted(pendingUser.id)).toEqual([]);
      const other = await new ApiBrowser(server).post('/api/verify', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect((other.body.error as { code: string }).code).toBe('codeExpiredCannotResend');
    });

    it('stops sending codes after the hourly limit', async () => {
      const email = newEmail();
      const browser = new ApiBrowser(server);
      for (let i = 0; i < 5; i++) expect((await register(browser, email)).status).toBe(200);
      const limited = await register(browser, email);
      expect(limited.status).toBe(429);
      expect((limited.body.error as { code: string }).code).toBe('rate_limited');
    });
  });

  describe('login', () => {
    const failed = { failed: true, userRequirements: [] };

    it('gives one answer for a wrong password and an unknown e-mail', async () => {
      const email = newEmail();
      await signUp(server, email);
      expect(
        (
          await new ApiBrowser(server).post('/api/login/email', {
            Email: email,
            Password: 'wrong password',
          })
        ).body,
      ).toEqual(failed);
      expect(
        (
          await new ApiBrowser(server).post('/api/login/email', {
            Email: newEmail(),
            Password: strongPassword,
          })
        ).body,
      ).toEqual(failed);
    });

    it('delays an account after five failures, even for the right password, as it delays an unknown address', async () => {
      const known = newEmail();
      const unknown = newEmail();
      await signUp(server, known);
      for (const email of [known, unknown])
        for (let i = 0; i < 5; i++) {
          const wrong = await new ApiBrowser(server).post('/api/login/email', {
            Email: email,
            Password: `wrong ${i}`,
          });
          expect(wrong.body).toEqual(failed);
        }
      for (const email of [known, unknown]) {
        const delayed = await new ApiBrowser(server).postWithHeaders('/api/login/email', {
          Email: email,
          Password: strongPassword,
        });
        expect(delayed.status).toBe(429);
        expect(delayed.body.error).toMatchObject({ code: 'rate_limited' });
        // The 30 seconds count from the fifth failure.
        const { retryAfterSeconds } = (
          delayed.body.error as { details: { retryAfterSeconds: number } }
        ).details;
        expect(retryAfterSeconds).toBeGreaterThan(20);
        expect(retryAfterSeconds).toBeLessThanOrEqual(30);
        // The same wait in Retry-After, for clients that read only the header.
        expect(delayed.headers.get('retry-after')).toBe(String(Math.ceil(retryAfterSeconds)));
      }
    });

    it('sends a never-verified user to verification', async () => {
      const email = newEmail();
      await register(new ApiBrowser(server), email);
      const browser = new ApiBrowser(server);
      const login = await browser.post('/api/login/email', {
        Email: email,
        Password: strongPassword,
      });
      expect(login.body).toEqual({ failed: false, verifyEmail: true, email, userRequirements: [] });
      const verified = await browser.post('/api/verify', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect(verified.body).toMatchObject({ valid: true });
      expect(
        (
          await new ApiBrowser(server).post('/api/login/email', {
            Email: email,
            Password: strongPassword,
          })
        ).body,
      ).toMatchObject({ failed: false });
    });

    it('gives a persistent cookie with Remember me, and a browser-session one without', async () => {
      const email = newEmail();
      await signUp(server, email);
      for (const [remember, persistent] of [
        [true, true],
        [false, false],
      ] as const) {
        const response = await fetch(`${server.url}/api/login/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Email: email, Password: strongPassword, RememberMe: remember }),
        });
        const session = response.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith('_session='))!;
        expect(session).toMatch(/httponly/i);
        expect(session).toMatch(/samesite=lax/i);
        expect(/expires=/i.test(session)).toBe(persistent);
      }
    });
  });

  describe('forgot password', () => {
    it('resets the password, ends every session, and tells the user', async () => {
      const email = newEmail();
      const signedIn = await signUp(server, email);
      const browser = new ApiBrowser(server);
      expect((await browser.post('/api/forgotpassword', { Email: email })).body).toEqual({
        status: 'codeSent',
      });
      const wrong = await browser.post('/api/forgotpassword/verifycode', {
        Email: email,
        Code: '000000' === (await latestCode(server, email)) ? '111111' : '000000',
      });
      expect(wrong.body).toEqual({ invalidCode: true });
      const right = await browser.post('/api/forgotpassword/verifycode', {
        Email: email,
        Code: await latestCode(server, email),
      });
      expect(right.body.invalidCode).toBe(false);
      const resetToken = right.body.resetToken as string;

      expect(
        (
          await browser.post('/api/forgotpassword/reset', {
            Email: email,
            ResetToken: resetToken,
            Password: 'weak',
          })
        ).status,
      ).toBe(400);
      const newPassword = 'a whole new passphrase 2026';
      expect(
        (
          await browser.post('/api/forgotpassword/reset', {
            Email: email,
            ResetToken: resetToken,
            Password: newPassword,
          })
        ).body,
      ).toEqual({ status: 'ok' });
      expect(
        (
          await browser.post('/api/forgotpassword/reset', {
            Email: email,
            ResetToken: resetToken,
            Password: newPassword,
          })
        ).status,
      ).toBe(400);

      expect(await (await signedIn.fetch(`${server.url}/api/session`)).json()).toEqual({
        loggedIn: false,
        email: null,
      });
      expect(
        (
          await new ApiBrowser(server).post('/api/login/email', {
            Email: email,
            Password: strongPassword,
          })
        ).body,
      ).toMatchObject({ failed: true });
      expect(
        (
          await new ApiBrowser(server).post('/api/login/email', {
            Email: email,
            Password: newPassword,
          })
        ).body,
      ).toMatchObject({ failed: false });
      const [notice] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
      expect(notice?.subject).toContain('password was changed');
    });

    it('answers an unknown address exactly as a known one', async () => {
      const browser = new ApiBrowser(server);
      const email = newEmail();
      expect((await browser.post('/api/forgotpassword', { Email: email })).body).toEqual({
        status: 'codeSent',
      });
      expect(
        (await browser.post('/api/forgotpassword/verifycode', { Email: email, Code: '123456' }))
          .body,
      ).toEqual({ invalidCode: true });
      expect(await server.ctx.outbox.list({ recipient: email })).toEqual([]);
    });

    it.each([
      ['12345', 'validation_failed'],
      ['abcdef', 'validation_failed'],
    ])('refuses the code %j with a code', async (code, errorCode) => {
      const response = await new ApiBrowser(server).post('/api/forgotpassword/verifycode', {
        Email: newEmail(),
        Code: code,
      });
      expect(response.status).toBe(400);
      expect((response.body.error as { code: string }).code).toBe(errorCode);
    });
  });

  describe('logout', () => {
    it('ends the session and records it', async () => {
      const email = newEmail();
      const browser = await signUp(server, email);
      expect((await browser.post('/api/logoutstatus', {})).body).toEqual({ postLogoutUrl: null });
      expect(
        (
          await browser.post('/api/logoutstatus', {
            post_logout_redirect_uri: 'https://evil.example/',
          })
        ).body,
      ).toEqual({ postLogoutUrl: null });
      expect((await browser.post('/api/logoutconfirm')).body).toEqual({ status: 'ok' });
      expect(await (await browser.fetch(`${server.url}/api/session`)).json()).toEqual({
        loggedIn: false,
        email: null,
      });
      const user = (await server.ctx.users.findByEmail(email))!;
      expect((await server.ctx.audit.forUser(user.id)).map((event) => event.type)).toContain(
        'logout',
      );
    });
  });
});
