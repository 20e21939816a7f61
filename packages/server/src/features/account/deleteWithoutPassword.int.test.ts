/**
 * Deleting an account that has no password (social sign-in only): a login in the last
 * 5 minutes confirms, renewed by logging in again through the linked provider.
 */
import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe.each(databaseTargets())('deleting an account without a password (%s)', (target) => {
  let server: TestServer;
  let google: FakeSocialProvider;
  let others: FakeSocialProvider[];

  beforeAll(async () => {
    google = await startFakeOpenIdProvider();
    others = [await startFakeOpenIdProvider(), await startFakeFacebook()];
    server = await startTestServer(
      target,
      socialEnv({ google, microsoft: others[0]!, facebook: others[1]! }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([google, ...others].map((fake) => fake?.close()));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs up or logs in with Google as `identity`, from /signup (terms accepted). */
  async function googleLogin(browser: ApiBrowser, identity: FakeIdentity) {
    const started = await browser.post('/api/login/google/start', {
      Purpose: 'login',
      TermsVersion: termsVersion,
    });
    expect(started.status).toBe(200);
    const { authorizationUrl, state } = started.body as { authorizationUrl: string; state: string };
    google.signInAs(identity);
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    const login = await browser.post('/api/login/google', {
      Code: callback.searchParams.get('code'),
      RedirectUri: `${server.url}/callback`,
      State: state,
    });
    expect(login.status).toBe(200);
  }

  async function optionsOf(browser: ApiBrowser) {
    const answer = await browser.fetch(`${server.url}/api/account/delete`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  }

  const sixMinutesOn = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
  };

  it('accepts a login of the last 5 minutes; an older one must be renewed with the provider', async () => {
    const email = `social-${randomUUID()}@example.com`;
    const identity = { sub: randomUUID(), email, email_verified: true };
    const browser = new ApiBrowser(server);
    await googleLogin(browser, identity);
    const user = (await server.ctx.users.findByEmail(email))!;
    expect(await server.ctx.users.passwordHash(user.id)).toBeNull();

    const fresh = await optionsOf(browser);
    expect(fresh).toEqual({
      confirmWith: 'recentLogin',
      secondsLeft: expect.any(Number),
      providers: ['google'],
    });
    expect(fresh.secondsLeft).toBeGreaterThan(4 * 60);
    expect(fresh.secondsLeft).toBeLessThanOrEqual(5 * 60);

    // Six minutes on, the login is too old: refused, counted, audited.
    sixMinutesOn();
    expect(await optionsOf(browser)).toMatchObject({ secondsLeft: 0 });
    const stale = await browser.post('/api/account/delete', { RecentLogin: true });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: 'login_not_recent' });
    // A password typed anyway does not stand in for the login.
    const typed = await browser.post('/api/account/delete', { Password: strongPassword });
    expect(typed.body.error).toMatchObject({ code: 'login_not_recent' });
    expect(await server.ctx.users.findById(user.id)).toMatchObject({ closed: false });
    const events = await server.ctx.audit.forUser(user.id, 50);
    expect(events.filter((event) => event.type === 'account_delete_failed')).toHaveLength(2);

    // Logging in again through Google renews it.
    await googleLogin(browser, identity);
    expect((await optionsOf(browser)).secondsLeft).toBeGreaterThan(4 * 60);
    const deleted = await browser.post('/api/account/delete', { RecentLogin: true });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await server.ctx.users.findById(user.id)).toMatchObject({ closed: true });
    const identities = await server.ctx.database.db
      .selectFrom('social_identities')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(identities).toEqual([]);
  });

  it('counts failed attempts with the same limit as passwords, atomically', async () => {
    const browser = new ApiBrowser(server);
    const email = `social-${randomUUID()}@example.com`;
    await googleLogin(browser, { sub: randomUUID(), email, email_verified: true });
    sixMinutesOn();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => browser.post('/api/account/delete', { RecentLogin: true })),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });

  it('still asks an account with a password for it', async () => {
    const browser = await signUp(server, `pw-${randomUUID()}@example.com`);
    expect(await optionsOf(browser)).toEqual({ confirmWith: 'password' });
    const recent = await browser.post('/api/account/delete', { RecentLogin: true });
    expect(recent.status).toBe(400);
    expect(recent.body.error).toMatchObject({ code: 'password_required' });
  });

  it.each([[{}], [{ RecentLogin: false }], [{ RecentLogin: true, Password: 'x' }]])(
    'refuses bad input %j with a code',
    async (body) => {
      const browser = new ApiBrowser(server);
      await googleLogin(browser, {
        sub: randomUUID(),
        email: `social-${randomUUID()}@example.com`,
        email_verified: true,
      });
      const answer = await browser.post('/api/account/delete', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
    },
  );

  it('needs a signed-in user', async () => {
    expect((await new ApiBrowser(server).fetch(`${server.url}/api/account/delete`)).status).toBe(
      401,
    );
  });
});
