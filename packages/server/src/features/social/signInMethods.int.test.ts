/**
 * The account's sign-in methods over real HTTP: list, link (one account per identity, one
 * identity per provider), remove (never the last way to sign in, even at the same moment).
 */
import { signInMethodsSchema, type SocialProvider } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import type { FakeIdentity } from '../../test/fakeSocialProviders.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { errorCode, newEmail, newSub, useSocialServer } from '../../test/socialServer.js';

describe.each(databaseTargets())('sign-in methods (%s)', (target) => {
  const s = useSocialServer(target);

  describe('sign-in methods', () => {
    async function link(browser: ApiBrowser, provider: SocialProvider, identity: FakeIdentity) {
      const { callback, state } = await s.visitProvider(browser, provider, identity, {
        Purpose: 'link',
      });
      return browser.post(`/api/account/signin-methods/${provider}`, {
        Code: callback.searchParams.get('code'),
        RedirectUri: s.callbackUri(),
        State: state,
      });
    }
    const methods = async (browser: ApiBrowser) =>
      (await browser.fetch(`${s.server().url}/api/account/signin-methods`)).json();

    it('lists, links and unlinks; an identity links to one account only', async () => {
      const email = newEmail();
      const browser = await signUp(s.server(), email);
      expect(await methods(browser)).toEqual({
        methods: [{ method: 'password', email, added: null }],
        available: ['facebook', 'google', 'microsoft'],
      });
      // Linking needs no verified e-mail at the provider: the signed-in account vouches.
      const sub = newSub();
      const linked = await link(browser, 'google', { sub, email: 'other@gmail.example' });
      expect(linked.status).toBe(200);
      expect(linked.body).toMatchObject({
        methods: [
          { method: 'password', email },
          { method: 'google', email: 'other@gmail.example' },
        ],
        available: ['facebook', 'microsoft'],
      });
      // The linked identity now signs in to this account.
      const login = await s.socialLogin(new ApiBrowser(s.server()), 'google', { sub });
      expect(login.body).toEqual({ email, userRequirements: [] });

      const second = await link(browser, 'google', { sub: newSub() });
      expect(errorCode(second)).toBe('social_already_linked');
      const stranger = await signUp(s.server(), newEmail());
      expect(errorCode(await link(stranger, 'google', { sub }))).toBe('social_identity_in_use');

      expect((await browser.post('/api/account/signin-methods/google/remove')).body).toEqual({
        status: 'ok',
      });
      expect(signInMethodsSchema.parse(await methods(browser)).methods).toEqual([
        { method: 'password', email, added: null },
      ]);
      expect(await s.auditOf(email)).toEqual(
        expect.arrayContaining(['social_linked', 'social_unlinked']),
      );
      const notices = await s.server().ctx.outbox.list({ recipient: email, limit: 2 });
      expect(notices.map((message) => message.subject).sort()).toEqual([
        'Google was linked to your Verity account',
        'Google was removed from your Verity account',
      ]);
      expect(errorCode(await browser.post('/api/account/signin-methods/google/remove'))).toBe(
        'not_found',
      );
    });

    it('never removes the last way to sign in', async () => {
      const email = newEmail();
      const browser = new ApiBrowser(s.server());
      await s.socialLogin(browser, 'google', { sub: newSub(), email, email_verified: true });
      const last = await browser.post('/api/account/signin-methods/google/remove');
      expect(last.status).toBe(409);
      expect(errorCode(last)).toBe('last_signin_method');
      expect((await link(browser, 'facebook', { sub: newSub() })).status).toBe(200);
      // Two removals at once: exactly one succeeds.
      const [a, b] = await Promise.all([
        browser.post('/api/account/signin-methods/google/remove'),
        browser.post('/api/account/signin-methods/facebook/remove'),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(signInMethodsSchema.parse(await methods(browser)).methods).toHaveLength(1);
    });

    it('needs a signed-in browser, and the link attempt of that account', async () => {
      expect(
        (await new ApiBrowser(s.server()).fetch(`${s.server().url}/api/account/signin-methods`))
          .status,
      ).toBe(401);
      const anonymous = await new ApiBrowser(s.server()).post('/api/login/google/start', {
        Purpose: 'link',
      });
      expect(errorCode(anonymous)).toBe('not_signed_in');
      // A login attempt's state cannot be used to link.
      const browser = await signUp(s.server(), newEmail());
      const { callback, state } = await s.visitProvider(browser, 'google', { sub: newSub() });
      const response = await browser.post('/api/account/signin-methods/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: s.callbackUri(),
        State: state,
      });
      expect(errorCode(response)).toBe('social_state_mismatch');
    });
  });
});
