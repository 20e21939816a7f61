/**
 * The account area needs the user's second factor: a password-only session of a user who has
 * one opens no account page and changes nothing, until the second factor is proved.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp, strongPassword } from '../../test/journey.js';
import { errorCode, newEmail, useSocialServer } from '../../test/socialServer.js';

/** The authenticator app's code, `steps` time steps from now (each code is accepted once). */
const code = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Every account-area call, with a valid body. */
const accountCalls: Array<[method: 'GET' | 'POST', path: string, body?: unknown]> = [
  ['GET', '/api/home'],
  ['GET', '/api/share'],
  ['POST', '/api/share', { email: 'agent@example.com' }],
  ['POST', '/api/account/delete', { Password: strongPassword }],
  ['GET', '/api/account/consents'],
  ['POST', '/api/account/consents/revoke', { clientId: 'any-client' }],
  ['POST', '/api/invite', { email: 'friend@example.com' }],
  ['GET', '/api/account/signin-methods'],
  ['POST', '/api/account/signin-methods/google/remove'],
  ['POST', '/api/login/google/start', { Purpose: 'link' }],
];

describe.each(databaseTargets())('the account area and the second factor (%s)', (target) => {
  const s = useSocialServer(target);

  async function call(browser: ApiBrowser, [method, path, body]: (typeof accountCalls)[number]) {
    if (method === 'POST') return browser.post(path, body);
    const response = await browser.fetch(`${s.server().url}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A user with an authenticator app, then signed in with the password alone in a new browser. */
  async function passwordOnly() {
    const email = newEmail();
    const setup = await signUp(s.server(), email);
    const started = await setup.post('/api/authenticator/startsetup');
    const secret = String(started.body.secret);
    expect(
      (await setup.post('/api/authenticator/completesetup', { Code: code(secret) })).status,
    ).toBe(200);
    const browser = new ApiBrowser(s.server());
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
    });
    expect(login.body.failed).toBe(false);
    return { email, browser, secret };
  }

  it('refuses every account call of a password-only session with second_factor_login_required', async () => {
    const { email, browser } = await passwordOnly();
    for (const accountCall of accountCalls) {
      const refused = await call(browser, accountCall);
      expect({ call: accountCall[1], status: refused.status, code: errorCode(refused) }).toEqual({
        call: accountCall[1],
        status: 403,
        code: 'second_factor_login_required',
      });
    }
    // Nothing happened: the account is there and no share or invitation went out.
    expect((await s.server().ctx.users.findByEmail(email))?.closed).toBeFalsy();
    expect(await s.auditOf(email)).not.toContain('identity_shared');
    expect(await s.auditOf(email)).not.toContain('proof_requested');
    expect(await s.sessionOf(browser)).toEqual({
      loggedIn: true,
      email,
      secondFactorRequired: true,
    });
  });

  it('opens the account once the second factor is proved in the session, without a request', async () => {
    const { email, browser, secret } = await passwordOnly();
    const proved = await browser.post('/api/authenticator/login', { Code: code(secret, 1) });
    expect(proved.body).toEqual({ userRequirements: [] });
    expect(await s.sessionOf(browser)).toEqual({ loggedIn: true, email });
    for (const path of [
      '/api/home',
      '/api/share',
      '/api/account/consents',
      '/api/account/signin-methods',
    ])
      expect((await call(browser, ['GET', path])).status).toBe(200);
    expect((await browser.post('/api/invite', { email: newEmail() })).status).toBe(200);
  });

  it('lets a user without a second factor in with the password alone, and nobody in unsigned', async () => {
    const email = newEmail();
    const browser = await signUp(s.server(), email);
    expect(await s.sessionOf(browser)).toEqual({ loggedIn: true, email });
    expect((await call(browser, ['GET', '/api/home'])).status).toBe(200);
    expect((await call(browser, ['GET', '/api/share'])).status).toBe(200);
    const visitor = new ApiBrowser(s.server());
    for (const accountCall of accountCalls)
      expect(errorCode(await call(visitor, accountCall))).toBe('not_signed_in');
  });
});
