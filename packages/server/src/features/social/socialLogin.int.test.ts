/**
 * Social login over real HTTP against fake Google, Microsoft and Facebook servers: the
 * authorization request, every linking rule, and sign-in requests of clients (amr fed, the
 * second-factor policy).
 */
import { termsVersion } from '@verity/contracts';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp, strongPassword } from '../../test/journey.js';
import {
  errorCode,
  newEmail,
  newSub,
  rpRedirect,
  useSocialServer,
} from '../../test/socialServer.js';

describe.each(databaseTargets())('social login (%s)', (target) => {
  const s = useSocialServer(target);

  it('lists the configured providers', async () => {
    const response = await fetch(`${s.server().url}/api/login/providers`);
    expect(await response.json()).toEqual({ providers: ['facebook', 'google', 'microsoft'] });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const { authorizationUrl } = await s.visitProvider(new ApiBrowser(s.server()), 'google', {
      sub: newSub(),
    });
    const query = authorizationUrl.searchParams;
    expect(query.get('client_id')).toBe(s.fakes().google.clientId);
    expect(query.get('redirect_uri')).toBe(s.callbackUri());
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(query.get('scope')).toBe('openid email');
  });

  describe('linking rules', () => {
    it('creates a verified account for a new, verified e-mail and signs the browser in', async () => {
      const email = newEmail();
      const sub = newSub();
      const browser = new ApiBrowser(s.server());
      const response = await s.socialLogin(browser, 'google', { sub, email, email_verified: true });
      expect(response).toEqual({ status: 200, body: { email, userRequirements: [] } });
      expect(await s.sessionOf(browser)).toEqual({ loggedIn: true, email });
      expect((await s.server().ctx.users.findByEmail(email))!.emailVerified).toBe(true);
      expect(await s.auditOf(email)).toEqual([
        'email_verified',
        'login',
        'signup',
        'social_linked',
      ]);
      const user = (await s.server().ctx.users.findByEmail(email))!;
      expect(await s.server().ctx.users.termsAccepted(user.id)).toEqual([termsVersion]);

      // The same identity signs in to the same account, whatever e-mail it has now.
      const again = await s.socialLogin(new ApiBrowser(s.server()), 'google', {
        sub,
        email: newEmail(),
        email_verified: true,
      });
      expect(again.body).toEqual({ email, userRequirements: [] });
    });

    it('creates no account from /login (no terms accepted): the user is told to sign up', async () => {
      const email = newEmail();
      const response = await s.socialLogin(
        new ApiBrowser(s.server()),
        'google',
        { sub: newSub(), email, email_verified: true },
        { fromLogin: true },
      );
      expect(response.status).toBe(409);
      expect(errorCode(response)).toBe('social_signup_required');
      expect(await s.server().ctx.users.findByEmail(email)).toBeUndefined();
    });

    it('joins an existing account when both e-mails are verified, and tells its owner; the password still works', async () => {
      const email = newEmail();
      await signUp(s.server(), email);
      const response = await s.socialLogin(
        new ApiBrowser(s.server()),
        'google',
        { sub: newSub(), email, email_verified: true },
        { fromLogin: true },
      );
      expect(response.body).toEqual({ email, userRequirements: [] });
      const [notice] = await s.server().ctx.outbox.list({ recipient: email, limit: 1 });
      expect(notice?.subject).toBe('Google was linked to your Verity account');
      const user = (await s.server().ctx.users.findByEmail(email))!;
      expect(
        (await s.server().ctx.socialIdentities.forUser(user.id)).map((i) => i.provider),
      ).toEqual(['google']);
      const login = await new ApiBrowser(s.server()).post('/api/login/email', {
        Email: email,
        Password: strongPassword,
      });
      expect(login.body).toMatchObject({ failed: false });
    });

    it('never joins an account whose e-mail is not verified (created first by someone else)', async () => {
      const email = newEmail();
      // Someone registers the address but cannot read its mailbox.
      await new ApiBrowser(s.server()).post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: (await import('@verity/contracts')).termsVersion,
      });
      const browser = new ApiBrowser(s.server());
      const response = await s.socialLogin(browser, 'google', {
        sub: newSub(),
        email,
        email_verified: true,
      });
      expect(response.status).toBe(409);
      expect(errorCode(response)).toBe('social_link_required');
      const user = (await s.server().ctx.users.findByEmail(email))!;
      expect(await s.server().ctx.socialIdentities.forUser(user.id)).toEqual([]);
      expect(await s.sessionOf(browser)).toEqual({ loggedIn: false, email: null });
    });

    it.each([
      ['an unverified e-mail', { email_verified: false }],
      ['no verified claim', {}],
    ])('refuses %s at Google, creating nothing', async (_name, claims) => {
      const email = newEmail();
      const response = await s.socialLogin(new ApiBrowser(s.server()), 'google', {
        sub: newSub(),
        email,
        ...claims,
      });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('social_email_not_verified');
      expect(await s.server().ctx.users.findByEmail(email)).toBeUndefined();
    });

    it('refuses an unverified e-mail at an existing verified account too (no takeover by e-mail)', async () => {
      const email = newEmail();
      await signUp(s.server(), email);
      const response = await s.socialLogin(new ApiBrowser(s.server()), 'microsoft', {
        sub: newSub(),
        email,
      });
      expect(errorCode(response)).toBe('social_email_not_verified');
    });

    it("accepts Microsoft's xms_edov as a verified e-mail", async () => {
      const email = newEmail();
      const response = await s.socialLogin(new ApiBrowser(s.server()), 'microsoft', {
        sub: newSub(),
        email,
        xms_edov: true,
      });
      expect(response.body).toEqual({ email, userRequirements: [] });
    });

    it('signs in with Facebook through the Graph API; no e-mail from Facebook, no account', async () => {
      const email = newEmail();
      const sub = String(Date.now());
      const response = await s.socialLogin(new ApiBrowser(s.server()), 'facebook', { sub, email });
      expect(response.body).toEqual({ email, userRequirements: [] });
      const none = await s.socialLogin(new ApiBrowser(s.server()), 'facebook', { sub: `${sub}1` });
      expect(errorCode(none)).toBe('social_email_not_verified');
    });

    it('keeps the identity apart from the password and encrypted at rest', async () => {
      const email = newEmail();
      const sub = newSub();
      await s.socialLogin(new ApiBrowser(s.server()), 'google', {
        sub,
        email,
        email_verified: true,
      });
      const user = (await s.server().ctx.users.findByEmail(email))!;
      expect(await s.server().ctx.users.passwordHash(user.id)).toBeNull();
      const row = await s
        .server()
        .ctx.database.db.selectFrom('social_identities')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(email);
      expect(JSON.stringify(row)).not.toContain(sub);
    });
  });

  describe('sign-in requests', () => {
    async function startRequest(browser: ApiBrowser, clientConfig: oidc.Configuration) {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(clientConfig, {
        redirect_uri: rpRedirect,
        scope: 'openid',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const location = (await browser.fetch(url.href)).headers.get('location')!;
      await browser.fetch(`${s.server().url}${location}`);
      return { requestId: location.split('/').pop()!, verifier, state };
    }

    it("finishes a client's request with amr ['fed']", async () => {
      const browser = new ApiBrowser(s.server());
      const { requestId, verifier, state } = await startRequest(browser, s.plainClient());
      const email = newEmail();
      const login = await s.socialLogin(
        browser,
        'google',
        { sub: newSub(), email, email_verified: true },
        { RequestId: requestId },
      );
      expect(login.body).toEqual({ email, userRequirements: [] });
      const generated = await browser.post('/api/generateresponse', { requestId });
      let response = await browser.fetch(generated.body.redirect_Uri as string);
      while (!response.headers.get('location')!.startsWith(rpRedirect))
        response = await browser.fetch(
          new URL(response.headers.get('location')!, s.server().url).href,
        );
      const tokens = await oidc.authorizationCodeGrant(
        s.plainClient(),
        new URL(response.headers.get('location')!),
        { pkceCodeVerifier: verifier, expectedState: state },
      );
      expect(tokens.claims()).toMatchObject({ amr: ['fed'], acr: 'urn:verity:aal1' });
    });

    it("meets the client's second-factor policy like any other login", async () => {
      const browser = new ApiBrowser(s.server());
      const strict = await oidc.discovery(
        new URL(s.server().url),
        s.strictClientId(),
        undefined,
        oidc.None(),
        { execute: [oidc.allowInsecureRequests] },
      );
      const { requestId } = await startRequest(browser, strict);
      const login = await s.socialLogin(
        browser,
        'google',
        { sub: newSub(), email: newEmail(), email_verified: true },
        { RequestId: requestId },
      );
      expect(login.body).toMatchObject({ userRequirements: ['setupSecondFactor'] });
    });

    it('refuses a code for an attempt started for another request (or none)', async () => {
      const browser = new ApiBrowser(s.server());
      const { requestId } = await startRequest(browser, s.plainClient());
      const { callback, state } = await s.visitProvider(browser, 'google', {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
      });
      const response = await browser.post('/api/login/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: s.callbackUri(),
        State: state,
        RequestId: requestId,
      });
      expect(errorCode(response)).toBe('social_state_mismatch');
    });

    it("refuses to start for another browser's request", async () => {
      const { requestId } = await startRequest(new ApiBrowser(s.server()), s.plainClient());
      const response = await new ApiBrowser(s.server()).post('/api/login/google/start', {
        Purpose: 'login',
        RequestId: requestId,
      });
      expect(errorCode(response)).toBe('request_not_bound');
    });
  });
});
