import { randomUUID } from 'node:crypto';
import { termsVersion, type SocialProvider } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  socialEnv,
  startFakeFacebook,
  startFakeOpenIdProvider,
  type FakeIdentity,
  type FakeSocialProvider,
} from './fakeSocialProviders.js';
import type { ApiBrowser } from './journey.js';
import { startTestServer, type TestServer } from './testServer.js';

export const rpRedirect = 'https://rp.example/callback';
export const newEmail = () => `user-${randomUUID()}@example.com`;
export const newSub = () => randomUUID();
export const errorCode = (response: { body: Record<string, unknown> }) =>
  (response.body.error as { code: string } | undefined)?.code;

/**
 * For a describe block: a server with Google, Microsoft and Facebook pointed at local fakes,
 * two clients (one plain, one demanding a second factor), and the browser's trips.
 */
export function useSocialServer(target: 'sqlite' | 'postgres') {
  let server: TestServer | undefined;
  let fakes: Record<SocialProvider, FakeSocialProvider> | undefined;
  let plainClient: oidc.Configuration | undefined;
  let strictClientId = '';

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

  const running = (): TestServer => {
    if (!server) throw new Error('the server did not start');
    return server;
  };
  const fakesOf = () => fakes!;
  const callbackUri = () => `${running().url}/callback`;

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
    if (identity === 'cancel') fakesOf()[provider].cancelNext();
    else fakesOf()[provider].signInAs(identity);
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(callbackUri());
    expect(callback.searchParams.get('state')).toBe(state);
    return { callback, state, authorizationUrl: new URL(authorizationUrl) };
  }

  /** A whole social login; `fromLogin` starts it on /login (no terms accepted). */
  async function socialLogin(
    browser: ApiBrowser,
    provider: SocialProvider,
    identity: FakeIdentity,
    extra: Record<string, unknown> = {},
  ) {
    const { fromLogin, ...body } = extra;
    const { callback, state } = await visitProvider(browser, provider, identity, {
      Purpose: 'login',
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

  return {
    server: running,
    fakes: fakesOf,
    plainClient: () => plainClient!,
    strictClientId: () => strictClientId,
    callbackUri,
    visitProvider,
    socialLogin,
    async sessionOf(browser: ApiBrowser) {
      return (await browser.fetch(`${running().url}/api/session`)).json();
    },
    async auditOf(email: string) {
      const user = (await running().ctx.users.findByEmail(email))!;
      return (await running().ctx.audit.forUser(user.id)).map((event) => event.type).sort();
    },
  };
}
