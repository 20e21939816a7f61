/**
 * Social login over real HTTP against fake Google, Microsoft and Facebook servers: the
 * linking rules, the state checks, the provider's checks (PKCE, nonce, appsecret_proof), the
 * client's second-factor policy, and the account's sign-in methods.
 */
import { randomUUID } from 'node:crypto';
import { termsVersion, type SocialProvider } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  socialEnv,
  startFakeFacebook,
  startFakeOpenIdProvider,
  type FakeIdentity,
  type FakeSocialProvider,
} from '../../test/fakeSocialProviders.js';
import { ApiBrowser, signUp, strongPassword } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const rpRedirect = 'https://rp.example/callback';
const newEmail = () => `user-${randomUUID()}@example.com`;
const newSub = () => randomUUID();
const errorCode = (response: { body: Record<string, unknown> }) =>
  (response.body.error as { code: string } | undefined)?.code;

describe.each(databaseTargets())('social login API (%s)', (target) => {
  let server: TestServer;
  let fakes: Record<SocialProvider, FakeSocialProvider>;
  let plainClient: oidc.Configuration;
  let strictClientId: string;

  beforeAll(async () => {
    fakes = {
      google: await startFakeOpenIdProvider(),
      microsoft: await startFakeOpenIdProvider(),
      facebook: await startFakeFacebook(),
    };
    let plain!: { clientId: string; clientSecret: string | null };
    server = await startTestServer(target, socialEnv(fakes), {
      before: async (stores) => {
        plain = await stores.clients.create({
          name: 'Shop',
          redirectUris: [rpRedirect],
          skipConsent: true,
        });
        strictClientId = (
          await stores.clients.create({
            name: 'Bank',
            redirectUris: [rpRedirect],
            requireSecondFactor: true,
            skipConsent: true,
          })
        ).clientId;
      },
    });
    plainClient = await oidc.discovery(
      new URL(server.url),
      plain.clientId,
      plain.clientSecret!,
      oidc.ClientSecretBasic(plain.clientSecret!),
      { execute: [oidc.allowInsecureRequests] },
    );
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.close()));
  });

  const callbackUri = () => `${server.url}/callback`;

  /** The browser's trip to the provider: start, authorize (as `identity`), and the callback's query. */
  async function visitProvider(
    browser: ApiBrowser,
    provider: SocialProvider,
    identity: FakeIdentity | 'cancel',
    start: Record<string, unknown> = { Purpose: 'login', TermsVersion: termsVersion },
  ) {
    const started = await browser.post(`/api/login/${provider}/start`, start);
    expect(started.status).toBe(200);
    const { authorizationUrl, state } = started.body as { authorizationUrl: string; state: string };
    if (identity === 'cancel') fakes[provider].cancelNext();
    else fakes[provider].signInAs(identity);
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(callbackUri());
    expect(callback.searchParams.get('state')).toBe(state);
    return { callback, state, authorizationUrl: new URL(authorizationUrl) };
  }

  async function socialLogin(
    browser: ApiBrowser,
    provider: SocialProvider,
    identity: FakeIdentity,
    extra: Record<string, unknown> = {},
  ) {
    const { fromLogin, ...body } = extra;
    const { callback, state } = await visitProvider(browser, provider, identity, {
      Purpose: 'login',
      // From /signup the terms were accepted; from /login they were not.
      ...(fromLogin ? {} : { TermsVersion: termsVersion }),
      ...(body.RequestId ? { RequestId: body.RequestId } : {}),
    });
    return browser.post(`/api/login/${provider}`, {
      Code: callback.searchParams.get('code'),
      RedirectUri: callbackUri(),
      State: state,
      ...body,
    });
  }

  async function sessionOf(browser: ApiBrowser) {
    return (await browser.fetch(`${server.url}/api/session`)).json();
  }

  async function auditOf(email: string) {
    const user = (await server.ctx.users.findByEmail(email))!;
    return (await server.ctx.audit.forUser(user.id)).map((event) => event.type).sort();
  }

  it('lists the configured providers', async () => {
    const response = await fetch(`${server.url}/api/login/providers`);
    expect(await response.json()).toEqual({ providers: ['facebook', 'google', 'microsoft'] });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const { authorizationUrl } = await visitProvider(new ApiBrowser(server), 'google', {
      sub: newSub(),
    });
    const query = authorizationUrl.searchParams;
    expect(query.get('client_id')).toBe(fakes.google.clientId);
    expect(query.get('redirect_uri')).toBe(callbackUri());
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(query.get('scope')).toBe('openid email');
  });

  describe('linking rules', () => {
    it('creates a verified account for a new, verified e-mail and signs the browser in', async () => {
      const email = newEmail();
      const sub = newSub();
      const browser = new ApiBrowser(server);
      const response = await socialLogin(browser, 'google', { sub, email, email_verified: true });
      expect(response).toEqual({ status: 200, body: { email, userRequirements: [] } });
      expect(await sessionOf(browser)).toEqual({ loggedIn: true, email });
      expect((await server.ctx.users.findByEmail(email))!.emailVerified).toBe(true);
      expect(await auditOf(email)).toEqual(['email_verified', 'login', 'signup', 'social_linked']);
      const user = (await server.ctx.users.findByEmail(email))!;
      expect(await server.ctx.users.termsAccepted(user.id)).toEqual([termsVersion]);

      // The same identity signs in to the same account, whatever e-mail it has now.
      const again = await socialLogin(new ApiBrowser(server), 'google', {
        sub,
        email: newEmail(),
        email_verified: true,
      });
      expect(again.body).toEqual({ email, userRequirements: [] });
    });

    it('creates no account from /login (no terms accepted): the user is told to sign up', async () => {
      const email = newEmail();
      const response = await socialLogin(
        new ApiBrowser(server),
        'google',
        { sub: newSub(), email, email_verified: true },
        { fromLogin: true },
      );
      expect(response.status).toBe(409);
      expect(errorCode(response)).toBe('social_signup_required');
      expect(await server.ctx.users.findByEmail(email)).toBeUndefined();
    });

    it('joins an existing account when both e-mails are verified, and tells its owner; the password still works', async () => {
      const email = newEmail();
      await signUp(server, email);
      const response = await socialLogin(
        new ApiBrowser(server),
        'google',
        { sub: newSub(), email, email_verified: true },
        { fromLogin: true },
      );
      expect(response.body).toEqual({ email, userRequirements: [] });
      const [notice] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
      expect(notice?.subject).toBe('Google was linked to your Verity account');
      const user = (await server.ctx.users.findByEmail(email))!;
      expect((await server.ctx.socialIdentities.forUser(user.id)).map((i) => i.provider)).toEqual([
        'google',
      ]);
      const login = await new ApiBrowser(server).post('/api/login/email', {
        Email: email,
        Password: strongPassword,
      });
      expect(login.body).toMatchObject({ failed: false });
    });

    it('never joins an account whose e-mail is not verified (created first by someone else)', async () => {
      const email = newEmail();
      // Someone registers the address but cannot read its mailbox.
      await new ApiBrowser(server).post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: (await import('@verity/contracts')).termsVersion,
      });
      const browser = new ApiBrowser(server);
      const response = await socialLogin(browser, 'google', {
        sub: newSub(),
        email,
        email_verified: true,
      });
      expect(response.status).toBe(409);
      expect(errorCode(response)).toBe('social_link_required');
      const user = (await server.ctx.users.findByEmail(email))!;
      expect(await server.ctx.socialIdentities.forUser(user.id)).toEqual([]);
      expect(await sessionOf(browser)).toEqual({ loggedIn: false, email: null });
    });

    it.each([
      ['an unverified e-mail', { email_verified: false }],
      ['no verified claim', {}],
    ])('refuses %s at Google, creating nothing', async (_name, claims) => {
      const email = newEmail();
      const response = await socialLogin(new ApiBrowser(server), 'google', {
        sub: newSub(),
        email,
        ...claims,
      });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('social_email_not_verified');
      expect(await server.ctx.users.findByEmail(email)).toBeUndefined();
    });

    it('refuses an unverified e-mail at an existing verified account too (no takeover by e-mail)', async () => {
      const email = newEmail();
      await signUp(server, email);
      const response = await socialLogin(new ApiBrowser(server), 'microsoft', {
        sub: newSub(),
        email,
      });
      expect(errorCode(response)).toBe('social_email_not_verified');
    });

    it("accepts Microsoft's xms_edov as a verified e-mail", async () => {
      const email = newEmail();
      const response = await socialLogin(new ApiBrowser(server), 'microsoft', {
        sub: newSub(),
        email,
        xms_edov: true,
      });
      expect(response.body).toEqual({ email, userRequirements: [] });
    });

    it('signs in with Facebook through the Graph API; no e-mail from Facebook, no account', async () => {
      const email = newEmail();
      const sub = String(Date.now());
      const response = await socialLogin(new ApiBrowser(server), 'facebook', { sub, email });
      expect(response.body).toEqual({ email, userRequirements: [] });
      const none = await socialLogin(new ApiBrowser(server), 'facebook', { sub: `${sub}1` });
      expect(errorCode(none)).toBe('social_email_not_verified');
    });

    it('keeps the identity apart from the password and encrypted at rest', async () => {
      const email = newEmail();
      const sub = newSub();
      await socialLogin(new ApiBrowser(server), 'google', { sub, email, email_verified: true });
      const user = (await server.ctx.users.findByEmail(email))!;
      expect(await server.ctx.users.passwordHash(user.id)).toBeNull();
      const row = await server.ctx.database.db
        .selectFrom('social_identities')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(email);
      expect(JSON.stringify(row)).not.toContain(sub);
    });
  });

  describe('state and provider checks', () => {
    async function visited(browser = new ApiBrowser(server), provider: SocialProvider = 'google') {
      const { callback, state } = await visitProvider(browser, provider, {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
      });
      return {
        browser,
        body: { Code: callback.searchParams.get('code'), RedirectUri: callbackUri(), State: state },
      };
    }

    it('uses a state once', async () => {
      const { browser, body } = await visited();
      expect((await browser.post('/api/login/google', body)).status).toBe(200);
      const again = await browser.post('/api/login/google', body);
      expect(again.status).toBe(400);
      expect(errorCode(again)).toBe('social_state_mismatch');
    });

    it('refuses a state from another browser, another provider, or an unknown one', async () => {
      const { browser, body } = await visited();
      expect(errorCode(await new ApiBrowser(server).post('/api/login/google', body))).toBe(
        'social_state_mismatch',
      );
      expect(errorCode(await browser.post('/api/login/microsoft', body))).toBe(
        'social_state_mismatch',
      );
      expect(
        errorCode(await browser.post('/api/login/google', { ...body, State: 'x'.repeat(43) })),
      ).toBe('social_state_mismatch');
      // The real one still works: refusals did not use it up.
      expect((await browser.post('/api/login/google', body)).status).toBe(200);
    });

    it('refuses a RedirectUri other than its own callback, and bad input, with 400', async () => {
      const { browser, body } = await visited();
      const cases = [
        ['/api/login/google', { ...body, RedirectUri: 'https://evil.example/callback' }],
        ['/api/login/google', { ...body, Code: '' }],
        ['/api/login/google', { ...body, Extra: 1 }],
        ['/api/login/twitter', body],
        ['/api/login/google', { Code: 42 }],
      ] as const;
      for (const [path, payload] of cases) {
        const response = await browser.post(path, payload);
        expect(response.status, path).toBe(400);
        expect(errorCode(response)).toBe('validation_failed');
      }
    });

    it("checks the provider's iss response parameter (RFC 9207) when there is one", async () => {
      const wrong = await visited();
      const mixedUp = await wrong.browser.post('/api/login/google', {
        ...wrong.body,
        Iss: fakes.microsoft.url,
      });
      expect(errorCode(mixedUp)).toBe('social_provider_error');
      const right = await visited();
      const response = await right.browser.post('/api/login/google', {
        ...right.body,
        Iss: fakes.google.url,
      });
      expect(response.status).toBe(200);
    });

    it('answers provider_error when the provider refuses the code, and consumes the attempt', async () => {
      const { browser, body } = await visited();
      const response = await browser.post('/api/login/google', { ...body, Code: 'forged' });
      expect(response.status).toBe(502);
      expect(errorCode(response)).toBe('social_provider_error');
      expect(errorCode(await browser.post('/api/login/google', body))).toBe(
        'social_state_mismatch',
      );
    });

    it.each([
      ["another login's nonce", 'replayed-from-another-login'],
      ['no nonce', undefined],
    ])('refuses an id_token with %s', async (_name, nonce) => {
      const browser = new ApiBrowser(server);
      const response = await socialLogin(browser, 'google', {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
        nonce,
      });
      expect(errorCode(response)).toBe('social_provider_error');
      expect(await sessionOf(browser)).toEqual({ loggedIn: false, email: null });
    });

    it('refuses a Facebook code exchanged without its PKCE verifier match (forged code)', async () => {
      const { browser, body } = await visited(new ApiBrowser(server), 'facebook');
      const response = await browser.post('/api/login/facebook', { ...body, Code: 'forged' });
      expect(errorCode(response)).toBe('social_provider_error');
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
      await browser.fetch(`${server.url}${location}`);
      return { requestId: location.split('/').pop()!, verifier, state };
    }

    it("finishes a client's request with amr ['fed']", async () => {
      const browser = new ApiBrowser(server);
      const { requestId, verifier, state } = await startRequest(browser, plainClient);
      const email = newEmail();
      const login = await socialLogin(
        browser,
        'google',
        { sub: newSub(), email, email_verified: true },
        { RequestId: requestId },
      );
      expect(login.body).toEqual({ email, userRequirements: [] });
      const generated = await browser.post('/api/generateresponse', { requestId });
      let response = await browser.fetch(generated.body.redirect_Uri as string);
      while (!response.headers.get('location')!.startsWith(rpRedirect))
        response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
      const tokens = await oidc.authorizationCodeGrant(
        plainClient,
        new URL(response.headers.get('location')!),
        { pkceCodeVerifier: verifier, expectedState: state },
      );
      expect(tokens.claims()).toMatchObject({ amr: ['fed'], acr: 'urn:verity:aal1' });
    });

    it("meets the client's second-factor policy like any other login", async () => {
      const browser = new ApiBrowser(server);
      const strict = await oidc.discovery(
        new URL(server.url),
        strictClientId,
        undefined,
        oidc.None(),
        { execute: [oidc.allowInsecureRequests] },
      );
      const { requestId } = await startRequest(browser, strict);
      const login = await socialLogin(
        browser,
        'google',
        { sub: newSub(), email: newEmail(), email_verified: true },
        { RequestId: requestId },
      );
      expect(login.body).toMatchObject({ userRequirements: ['setupSecondFactor'] });
    });

    it('refuses a code for an attempt started for another request (or none)', async () => {
      const browser = new ApiBrowser(server);
      const { requestId } = await startRequest(browser, plainClient);
      const { callback, state } = await visitProvider(browser, 'google', {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
      });
      const response = await browser.post('/api/login/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: callbackUri(),
        State: state,
        RequestId: requestId,
      });
      expect(errorCode(response)).toBe('social_state_mismatch');
    });

    it("refuses to start for another browser's request", async () => {
      const { requestId } = await startRequest(new ApiBrowser(server), plainClient);
      const response = await new ApiBrowser(server).post('/api/login/google/start', {
        Purpose: 'login',
        RequestId: requestId,
      });
      expect(errorCode(response)).toBe('request_not_bound');
    });
  });

  describe('sign-in methods', () => {
    async function link(browser: ApiBrowser, provider: SocialProvider, identity: FakeIdentity) {
      const { callback, state } = await visitProvider(browser, provider, identity, {
        Purpose: 'link',
      });
      return browser.post(`/api/account/signin-methods/${provider}`, {
        Code: callback.searchParams.get('code'),
        RedirectUri: callbackUri(),
        State: state,
      });
    }
    const methods = async (browser: ApiBrowser) =>
      (await browser.fetch(`${server.url}/api/account/signin-methods`)).json();

    it('lists, links and unlinks; an identity links to one account only', async () => {
      const email = newEmail();
      const browser = await signUp(server, email);
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
      const login = await socialLogin(new ApiBrowser(server), 'google', { sub });
      expect(login.body).toEqual({ email, userRequirements: [] });

      const second = await link(browser, 'google', { sub: newSub() });
      expect(errorCode(second)).toBe('social_already_linked');
      const stranger = await signUp(server, newEmail());
      expect(errorCode(await link(stranger, 'google', { sub }))).toBe('social_identity_in_use');

      expect((await browser.post('/api/account/signin-methods/google/remove')).body).toEqual({
        status: 'ok',
      });
      expect((await methods(browser)).methods).toEqual([
        { method: 'password', email, added: null },
      ]);
      expect(await auditOf(email)).toEqual(
        expect.arrayContaining(['social_linked', 'social_unlinked']),
      );
      const notices = await server.ctx.outbox.list({ recipient: email, limit: 2 });
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
      const browser = new ApiBrowser(server);
      await socialLogin(browser, 'google', { sub: newSub(), email, email_verified: true });
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
      expect((await methods(browser)).methods).toHaveLength(1);
    });

    it('needs a signed-in browser, and the link attempt of that account', async () => {
      expect(
        (await new ApiBrowser(server).fetch(`${server.url}/api/account/signin-methods`)).status,
      ).toBe(401);
      const anonymous = await new ApiBrowser(server).post('/api/login/google/start', {
        Purpose: 'link',
      });
      expect(errorCode(anonymous)).toBe('not_signed_in');
      // A login attempt's state cannot be used to link.
      const browser = await signUp(server, newEmail());
      const { callback, state } = await visitProvider(browser, 'google', { sub: newSub() });
      const response = await browser.post('/api/account/signin-methods/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: callbackUri(),
        State: state,
      });
      expect(errorCode(response)).toBe('social_state_mismatch');
    });
  });
});

describe('social login without configuration', () => {
  it('shows no provider and refuses to start one without configuration', async () => {
    // Configuration does not depend on the database.
    const bare = await startTestServer('sqlite');
    try {
      expect(await (await fetch(`${bare.url}/api/login/providers`)).json()).toEqual({
        providers: [],
      });
      const response = await new ApiBrowser(bare).post('/api/login/google/start', {
        Purpose: 'login',
      });
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('social_provider_unavailable');

      // Codes presented are limited per client address (60 in 15 minutes), before anything else.
      const browser = new ApiBrowser(bare);
      const body = { Code: 'c', RedirectUri: `${bare.url}/callback`, State: 'x'.repeat(43) };
      for (let i = 0; i < 60; i++)
        expect((await browser.post('/api/login/google', body)).status).toBe(404);
      const limited = await browser.post('/api/login/google', body);
      expect(limited.status).toBe(429);
      expect(errorCode(limited)).toBe('rate_limited');
    } finally {
      await bare.close();
    }
  });
});
