import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { SoftAuthenticator } from './softAuthenticator.js';

describe.each(databaseTargets())('security keys (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Bank',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      skipConsent: true,
    });
    config = await discoverClient(server, created);
  });
  afterAll(async () => server?.close());

  const key = () => new SoftAuthenticator('localhost', server.url);

  const startRequest = (browser: ApiBrowser) => startSignInRequest(server, config, browser);

  async function register(browser: ApiBrowser, authenticator: SoftAuthenticator, Name?: string) {
    const started = await browser.post('/api/webauthn/startsetup');
    expect(started.status).toBe(200);
    const options = started.body.options as { challenge: string };
    return browser.post('/api/webauthn/completesetup', {
      credential: authenticator.register(options),
      ...(Name === undefined ? {} : { Name }),
    });
  }

  async function login(browser: ApiBrowser, authenticator: SoftAuthenticator, advance = true) {
    const started = await browser.post('/api/webauthn/startlogin');
    expect(started.status).toBe(200);
    return browser.post('/api/webauthn/completelogin', {
      credential: authenticator.authenticate(
        started.body.options as { challenge: string },
        advance,
      ),
    });
  }

  it('registers a key with the spec options; its name defaults to the e-mail', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await startRequest(browser);
    const started = await browser.post('/api/webauthn/startsetup');
    expect(started.body.options).toMatchObject({
      rp: { name: 'Verity', id: 'localhost' },
      user: { name: email },
      timeout: 60000,
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
    });
    expect(started.body.challenge).toBe((started.body.options as { challenge: string }).challenge);
    const authenticator = key();
    const done = await browser.post('/api/webauthn/completesetup', {
      credential: authenticator.register(started.body.options as { challenge: string }),
    });
    expect(done.status).toBe(200);
    expect(done.body.userRequirements).toEqual([]);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(await (await browser.fetch(`${server.url}/api/secondfactor`)).json()).toEqual([
      { authMethod: 'WebAuthn', displayName: email, id: expect.any(String) },
    ]);
    // A second key, named; the first may not be registered twice.
    expect((await register(browser, key(), 'Backup key')).status).toBe(200);
    const twice = await register(browser, authenticator);
    expect(twice.body.error).toMatchObject({ code: 'second_factor_already_set_up' });
    const names = (
      (await (await browser.fetch(`${server.url}/api/secondfactor`)).json()) as Array<{
        displayName: string;
      }>
    ).map((item) => item.displayName);
    expect(names).toEqual([email, 'Backup key']);
  });

  it('logs in with a key; the counter must move on; the id token says hwk and aal2', async () => {
    const email = `${randomUUID()}@example.com`;
    const setup = await signUp(server, email);
    const authenticator = key();
    expect((await register(setup, authenticator)).status).toBe(200);

    const browser = new ApiBrowser(server);
    const request = await startRequest(browser);
    const signedIn = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: request.requestId,
    });
    expect(signedIn.body.userRequirements).toEqual(['loginWithSecondFactor']);
    const stranger = await login(browser, key());
    expect(stranger.body.error).toMatchObject({ code: 'webauthn_failed' });
    expect(await login(browser, authenticator)).toEqual({
      status: 200,
      body: { userRequirements: [] },
    });
    // A signature whose counter did not move on (a cloned key) is refused.
    const stale = await login(browser, authenticator, false);
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: 'webauthn_failed' });
    const generated = await browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: request.verifier },
    );
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'hwk', 'mfa'], acr: 'urn:verity:aal2' });
  });

  it('answers each challenge once, and refuses malformed credentials with 400', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const authenticator = key();
    const started = await browser.post('/api/webauthn/startsetup');
    const credential = authenticator.register(started.body.options as { challenge: string });
    expect(
      (
        await browser.post('/api/webauthn/completesetup', {
          credential: { ...credential, type: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await browser.post('/api/webauthn/completesetup', { credential })).status).toBe(200);
    const replay = await browser.post('/api/webauthn/completesetup', { credential });
    expect(replay.body.error).toMatchObject({ code: 'second_factor_challenge_expired' });
    const wrongOrigin = new SoftAuthenticator('localhost', 'https://evil.example');
    const next = await browser.post('/api/webauthn/startsetup');
    const bad = await browser.post('/api/webauthn/completesetup', {
      credential: wrongOrigin.register(next.body.options as { challenge: string }),
    });
    expect(bad.body.error).toMatchObject({ code: 'webauthn_failed' });
  });

  it('removes one of several keys by id', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    await register(browser, key(), 'One');
    await register(browser, key(), 'Two');
    const list = async () =>
      (await (await browser.fetch(`${server.url}/api/secondfactor`)).json()) as Array<{
        id: string;
        displayName: string;
      }>;
    const ambiguous = await browser.post('/api/webauthn/remove');
    expect(ambiguous.status).toBe(400);
    const [first] = await list();
    const removed = await browser.post('/api/webauthn/remove', { id: first!.id });
    expect(removed.body).toEqual({ status: 'ok' });
    expect(removed).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
    expect((await list()).map((item) => item.displayName)).toEqual(['Two']);
    expect((await browser.post('/api/webauthn/remove')).status).toBe(200);
    expect(await list()).toEqual([]);
  });
});
