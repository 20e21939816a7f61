import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, discoverClient, redirectUri, signUp } from '../test/journey.js';
import { followToClient, signInFrom } from '../test/providerSignIn.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

const postLogoutUri = 'http://127.0.0.1:3001/';

/**
 * OpenID Connect Core 3.1.2.1 (and RP-Initiated Logout 2): the authorization and end-session
 * endpoints accept a form POST (they answered 404). The POST is turned into a GET of the same
 * endpoint, so every check of a GET request runs and the Lax session cookie comes along.
 */
describe.each(databaseTargets())(
  'POST at the authorization and end-session endpoints (%s)',
  (target) => {
    let server: TestServer;
    let client: { clientId: string; clientSecret: string | null };
    let config: oidc.Configuration;
    let email: string;

    beforeAll(async () => {
      server = await startTestServer(target);
      client = await server.ctx.clients.create({
        name: 'Form post client',
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [postLogoutUri],
        skipConsent: true,
      });
      config = await discoverClient(server, client);
      email = `${randomUUID()}@example.com`;
      await signUp(server, email);
    });
    afterAll(async () => server?.close());

    async function formParams(extra: Record<string, string> = {}) {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const params = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirectUri,
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...extra,
      });
      return { params, verifier, state };
    }

    const postForm = (browser: ApiBrowser, path: string, params: URLSearchParams) =>
      browser.fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: params.toString(),
      });

    it('completes a code flow started by a form POST', async () => {
      const browser = new ApiBrowser(server);
      const { params, verifier, state } = await formParams();
      const posted = await postForm(browser, '/oidc/auth', params);
      expect(posted.status).toBe(303);
      const callback = await signInFrom(server, browser, posted, email);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.claims()?.sub).toBe((await server.ctx.users.findByEmail(email))!.id);

      // Signed in now: a second POST comes straight back with a code (the session was seen).
      const again = await formParams();
      const back = await followToClient(
        server,
        browser,
        await postForm(browser, '/oidc/auth', again.params),
      );
      expect(back.searchParams.get('code')).toBeTruthy();
    });

    it('runs the same checks as a GET: PKCE, redirect URI and prompt=none', async () => {
      const browser = new ApiBrowser(server);
      const noPkce = await formParams();
      noPkce.params.delete('code_challenge');
      noPkce.params.delete('code_challenge_method');
      const refused = await followToClient(
        server,
        browser,
        await postForm(browser, '/oidc/auth', noPkce.params),
      );
      expect(refused.searchParams.get('error')).toBe('invalid_request');

      const foreign = await formParams({ redirect_uri: 'https://attacker.example/callback' });
      const page = await browser.fetch(
        new URL(
          (await postForm(browser, '/oidc/auth', foreign.params)).headers.get('location')!,
          server.url,
        ).href,
      );
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();

      const silent = await formParams({ prompt: 'none' });
      const answer = await followToClient(
        server,
        browser,
        await postForm(browser, '/oidc/auth', silent.params),
      );
      expect(answer.searchParams.get('error')).toBe('login_required');
    });

    it('asks before signing out on a form POST to the end-session endpoint', async () => {
      const browser = await signUp(server, `${randomUUID()}@example.com`);
      const posted = await postForm(
        browser,
        '/oidc/session/end',
        new URLSearchParams({
          client_id: client.clientId,
          post_logout_redirect_uri: postLogoutUri,
        }),
      );
      expect(posted.status).toBe(303);
      const page = await browser.fetch(new URL(posted.headers.get('location')!, server.url).href);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Do you want to sign out');
      const session = await browser.fetch(`${server.url}/api/session`);
      expect(await session.json()).toMatchObject({ loggedIn: true });
    });

    it('refuses a POST that is not a form, and an oversized one, without a 404 or a 500', async () => {
      const json = await fetch(`${server.url}/oidc/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(json.status).toBe(400);
      const large = await fetch(`${server.url}/oidc/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `state=${'a'.repeat(20_000)}`,
      });
      expect(large.status).toBe(413);
    });
  },
);
