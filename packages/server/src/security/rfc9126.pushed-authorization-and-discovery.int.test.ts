import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, discoverClient, redirectUri, signUp } from '../test/journey.js';
import { signInFrom } from '../test/providerSignIn.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/** What a client can register (features/clients/store.ts, TokenEndpointAuthMethod). */
const registrableAuthMethods = ['client_secret_basic', 'none', 'private_key_jwt'];

/**
 * Discovery advertises only what works (RFC 8414 2, RFC 9700 2.1): the pushed authorization
 * request endpoint (RFC 9126) answered 404 because it sat outside /oidc, and client_secret_jwt
 * and client_secret_post were listed though no client can register them. A pushed request now
 * completes a code flow end to end.
 */
describe.each(databaseTargets())('pushed requests and honest discovery (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'PAR client',
      redirectUris: [redirectUri],
      skipConsent: true,
    });
    config = await discoverClient(server, created);
    email = `${randomUUID()}@example.com`;
    await signUp(server, email);
  });
  afterAll(async () => server?.close());

  it('advertises the PAR endpoint under /oidc and only registrable client authentication', () => {
    const metadata = config.serverMetadata();
    expect(metadata.pushed_authorization_request_endpoint).toBe(`${server.url}/oidc/request`);
    expect([...metadata.token_endpoint_auth_methods_supported!].sort()).toEqual(
      registrableAuthMethods,
    );
    // Every other list of client authentication (introspection, revocation, ...) as well.
    for (const [field, value] of Object.entries(metadata))
      if (field.endsWith('_auth_methods_supported'))
        expect(registrableAuthMethods, field).toEqual(expect.arrayContaining(value as string[]));
    // No HMAC client assertions (client_secret_jwt) are accepted either.
    expect(metadata.token_endpoint_auth_signing_alg_values_supported ?? []).not.toContain('HS256');
  });

  it('completes a code flow from a pushed request', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = await oidc.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    // Only the client id and the request_uri go through the browser.
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    const browser = new ApiBrowser(server);
    const callback = await signInFrom(server, browser, await browser.fetch(url.href), email);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe((await server.ctx.users.findByEmail(email))!.id);

    // A request_uri is single use.
    const replay = await browser.fetch(url.href);
    expect(replay.status).toBe(400);
  });

  it('refuses a push without client authentication', async () => {
    const answer = await fetch(`${server.url}/oidc/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientMetadata().client_id,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirectUri,
      }).toString(),
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
  });
});
