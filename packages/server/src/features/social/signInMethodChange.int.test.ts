/**
 * Linking or removing a sign-in method needs a recent login (15 minutes) and, for a user with
 * a second factor, that factor proved in this session: a stolen password or a browser left
 * signed in cannot add or remove a way into the account.
 */
import type { SocialProvider } from '@verity/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import type { FakeIdentity } from '../../test/fakeSocialProviders.js';
import { ApiBrowser, signUp, strongPassword } from '../../test/journey.js';
import { errorCode, newEmail, newSub, useSocialServer } from '../../test/socialServer.js';

const code = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Sixteen minutes on: past the recent-login window. */
const laterThanRecent = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });

describe.each(databaseTargets())('changing sign-in methods (%s)', (target) => {
  const s = useSocialServer(target);
  afterEach(() => vi.useRealTimers());

  async function startLink(browser: ApiBrowser, provider: SocialProvider, identity: FakeIdentity) {
    return s.visitProvider(browser, provider, identity, { Purpose: 'link' });
  }
  function completeLink(
    browser: ApiBrowser,
    provider: SocialProvider,
    started: Awaited<ReturnType<typeof startLink>>,
  ) {
    return browser.post(`/api/account/signin-methods/${provider}`, {
      Code: started.callback.searchParams.get('code'),
      RedirectUri: s.callbackUri(),
      State: started.state,
    });
  }
  const linked = async (email: string) => {
    const user = await s.server().ctx.users.findByEmail(email);
    return (await s.server().ctx.socialIdentities.forUser(user!.id)).map((i) => i.provider);
  };

  it('refuses link start, link completion and removal once the login is not recent', async () => {
    const email = newEmail();
    const browser = await signUp(s.server(), email);
    expect(
      (await completeLink(browser, 'google', await startLink(browser, 'google', { sub: newSub() })))
        .status,
    ).toBe(200);
    const pending = await startLink(browser, 'microsoft', { sub: newSub() });

    laterThanRecent();
    const start = await browser.post('/api/login/facebook/start', { Purpose: 'link' });
    expect({ status: start.status, code: errorCode(start) }).toEqual({
      status: 403,
      code: 'recent_login_required',
    });
    expect(errorCode(await completeLink(browser, 'microsoft', pending))).toBe(
      'recent_login_required',
    );
    expect(errorCode(await browser.post('/api/account/signin-methods/google/remove'))).toBe(
      'recent_login_required',
    );
    expect(await linked(email)).toEqual(['google']);
    // Looking is still allowed: only changes need the recent login.
    const list = await browser.fetch(`${s.server().url}/api/account/signin-methods`);
    expect(list.status).toBe(200);
    vi.useRealTimers();

    // A fresh login allows the change again.
    const again = new ApiBrowser(s.server());
    await again.post('/api/login/email', { Email: email, Password: strongPassword });
    expect((await again.post('/api/account/signin-methods/google/remove')).status).toBe(200);
    expect(await linked(email)).toEqual([]);
  });

  it('lets a user with a second factor link and remove only with it proved, recently', async () => {
    const email = newEmail();
    const setup = await signUp(s.server(), email);
    const secret = String((await setup.post('/api/authenticator/startsetup')).body.secret);
    expect(
      (await setup.post('/api/authenticator/completesetup', { Code: code(secret) })).status,
    ).toBe(200);

    const browser = new ApiBrowser(s.server());
    await browser.post('/api/login/email', { Email: email, Password: strongPassword });
    // The password alone: refused (the account guard).
    const refused = await browser.post('/api/login/google/start', { Purpose: 'link' });
    expect(errorCode(refused)).toBe('second_factor_login_required');
    expect(
      (await browser.post('/api/authenticator/login', { Code: code(secret, 1) })).body,
    ).toEqual({
      userRequirements: [],
    });
    const started = await startLink(browser, 'google', { sub: newSub() });
    expect((await completeLink(browser, 'google', started)).status).toBe(200);
    expect(await linked(email)).toEqual(['google']);

    laterThanRecent();
    expect(errorCode(await browser.post('/api/account/signin-methods/google/remove'))).toBe(
      'recent_login_required',
    );
    vi.useRealTimers();
    expect((await browser.post('/api/account/signin-methods/google/remove')).status).toBe(200);
  });
});
