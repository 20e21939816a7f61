import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri, signUp, startServerWithClient, startSignInRequest } from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

type Created = { clientId: string; clientSecret: string | null };

/** Calls a token endpoint as a relying party's back end would (client_secret_basic). */
async function tokenCall(
  server: TestServer,
  /** The endpoint, in any spelling the provider's router accepts (TOKEN, token/). */
  path: string,
  body: Record<string, string>,
  credentials?: { id: string; secret: string },
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (credentials)
    headers.authorization = `Basic ${Buffer.from(
      `${encodeURIComponent(credentials.id)}:${encodeURIComponent(credentials.secret)}`,
    ).toString('base64')}`;
  const response = await fetch(`${server.url}/oidc/${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A form POSTed in chunks (no Content-Length), as fetch sends a streamed body. */
async function chunkedPost(server: TestServer, path: string, form: string, authorization?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    body: new Blob([form]).stream(),
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(databaseTargets())('token endpoint limits that fit the caller (%s)', (target) => {
  describe('by default: no limit per confidential client', () => {
    let server: TestServer;
    let created: Created;
    let config: oidc.Configuration;
    beforeAll(async () => {
      ({ server, created, config } = await startServerWithClient(
        target,
        {},
        { name: 'Busy back end', redirectUris: [redirectUri], skipConsent: true },
      ));
    });
    afterAll(async () => server?.close());

    it('answers 1,000 authenticated calls of one client from one address, none refused', async () => {
      // First: the junk below spends this address's budget for calls no client authenticated.
      // Codes that were never issued: each call authenticates the client and is answered
      // invalid_grant, so it counts as the client's (no limit), never as the address's 60.
      const credentials = { id: created.clientId, secret: created.clientSecret! };
      const exchange = () =>
        tokenCall(
          server,
          'token',
          { grant_type: 'authorization_code', code: randomUUID(), redirect_uri: redirectUri },
          credentials,
        );
      const statuses: number[] = [];
      for (let batch = 0; batch < 100; batch++)
        statuses.push(
          ...(await Promise.all(Array.from({ length: 10 }, exchange))).map((a) => a.status),
        );
      expect(statuses).toHaveLength(1000);
      expect(statuses.filter((status) => status !== 400)).toEqual([]);
    }, 300_000);

    it('lets one client make 200 exchanges, refreshes and introspections from one address in a minute; junk from that address is still limited', async () => {
      const credentials = { id: created.clientId, secret: created.clientSecret! };
      const browser = await signUp(server, `${randomUUID()}@example.com`);
      const { requestId, verifier } = await startSignInRequest(server, config, browser, {
        scope: 'openid offline_access',
        prompt: 'consent',
      });
      const generated = await browser.post('/api/generateresponse', { requestId });
      let response = await browser.fetch(generated.body.redirect_Uri as string);
      while (!response.headers.get('location')!.startsWith(redirectUri))
        response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
      const code = new URL(response.headers.get('location')!).searchParams.get('code')!;

      const started = Date.now();
      const statuses: number[] = [];
      const exchanged = await tokenCall(
        server,
        'token',
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        },
        credentials,
      );
      statuses.push(exchanged.status);
      let refreshToken = exchanged.body.refresh_token as string;
      for (let i = 0; i < 149; i++) {
        const refreshed = await tokenCall(
          server,
          'token',
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          credentials,
        );
        statuses.push(refreshed.status);
        refreshToken = refreshed.body.refresh_token as string;
      }
      for (let i = 0; i < 50; i++)
        statuses.push(
          (await tokenCall(server, 'token/introspection', { token: refreshToken }, credentials))
            .status,
        );
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      // Junk from the same address (no credentials, or the client's id with a wrong secret)
      // is limited per address as before: 60 a minute, however the path is spelled (the
      // provider's router folds case and a trailing slash; the limits match the same way).
      const spellings = ['token', 'TOKEN', 'token/', 'Token'];
      const junk: number[] = [];
      for (let i = 0; i < 61; i++) {
        const wrong = i % 2 ? { id: created.clientId, secret: 'not-the-secret' } : undefined;
        junk.push(
          (
            await tokenCall(
              server,
              spellings[i % spellings.length]!,
              { grant_type: 'refresh_token', refresh_token: 'x' },
              wrong,
            )
          ).status,
        );
      }
      expect(junk.slice(0, 60).every((status) => status === 400 || status === 401)).toBe(true);
      expect(junk[60]).toBe(429);
    }, 180_000);
  });

  describe('with TOKEN_RATE_LIMIT_PER_CLIENT', () => {
    let server: TestServer;
    let created: Created;
    beforeAll(async () => {
      ({ server, created } = await startServerWithClient(
        target,
        { TOKEN_RATE_LIMIT_PER_CLIENT: '5' },
        { name: 'Metered back end', redirectUris: [redirectUri] },
      ));
    });
    afterAll(async () => server?.close());

    it("limits the client per id, and nobody spends a client's budget by naming it", async () => {
      // Someone naming the client with a wrong secret: counted against their address only.
      for (let i = 0; i < 10; i++) {
        const wrong = await tokenCall(
          server,
          'token/introspection',
          { token: 'x' },
          { id: created.clientId, secret: 'guess' },
        );
        expect(wrong.status).toBe(401);
      }
      const credentials = { id: created.clientId, secret: created.clientSecret! };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await tokenCall(server, 'token/introspection', { token: 'x' }, credentials)).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('answers 411 to a form without a length naming its client in the body, which could not be refused before the call', async () => {
      const form = new URLSearchParams({
        token: 'x',
        client_id: created.clientId,
        client_secret: created.clientSecret!,
      }).toString();
      expect(await chunkedPost(server, '/oidc/token/introspection', form)).toMatchObject({
        status: 411,
        body: { error: 'invalid_request' },
      });
      // Named in the Authorization header, the client's budget is checked without the body.
      const basic = `Basic ${Buffer.from(`${created.clientId}:${created.clientSecret!}`).toString('base64')}`;
      expect(
        await chunkedPost(server, '/oidc/token/introspection', 'token=x', basic),
      ).toMatchObject({ status: 429 });
    });
  });
  describe('with TOKEN_RATE_LIMIT_PER_CLIENT, a client signing assertions (private_key_jwt)', () => {
    let server: TestServer;
    let jwks: Server;
    let signed: string;
    let other: Created;
    let privateKey: CryptoKey;
    let strangerKey: CryptoKey;
    beforeAll(async () => {
      const pair = await generateKeyPair('ES256');
      privateKey = pair.privateKey as CryptoKey;
      strangerKey = (await generateKeyPair('ES256')).privateKey as CryptoKey;
      const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
      jwks = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ keys: [publicJwk] }));
      });
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
      const jwksUri = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
      server = await startTestServer(
        target,
        { TOKEN_RATE_LIMIT_PER_CLIENT: '5' },
        {
          before: async (stores) => {
            ({ clientId: signed } = await stores.clients.create({
              name: 'Signing back end',
              redirectUris: [redirectUri],
              jwksUri,
            }));
            other = await stores.clients.create({ name: 'Neighbour', redirectUris: [redirectUri] });
          },
        },
      );
    });
    afterAll(async () => {
      await server?.close();
      await new Promise((resolve) => jwks?.close(resolve));
    });

    /** An introspection authenticated by an assertion signed with `key` naming `clientId`. */
    async function introspect(key: CryptoKey, clientId: string, withClientId: boolean) {
      const assertion = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${server.url}/oidc/token`)
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(key);
      return tokenCall(server, 'token/introspection', {
        token: 'x',
        ...(withClientId ? { client_id: clientId } : {}),
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      });
    }

    it('refuses the client over its limit, named in the form or only in its assertion; nobody spends its budget by naming it', async () => {
      // Others naming the client: an assertion signed with another key (in the form and in
      // the assertion only), and another client authenticating itself while naming it in the
      // form. Refused by oidc-provider, counted against the address or that other client.
      for (let i = 0; i < 4; i++) {
        expect((await introspect(strangerKey, signed, true)).status).toBe(401);
        expect((await introspect(strangerKey, signed, false)).status).toBe(401);
        const neighbour = await tokenCall(
          server,
          'token/introspection',
          { token: 'x', client_id: signed },
          { id: other.clientId, secret: other.clientSecret! },
        );
        expect(neighbour.status).not.toBe(429);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await introspect(privateKey, signed, i % 2 === 0)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      // Over the limit: refused before oidc-provider reads the form, whichever way it names
      // the client; and so is anyone else naming it now, without its budget moving.
      expect((await introspect(privateKey, signed, true)).status).toBe(429);
      expect((await introspect(privateKey, signed, false)).status).toBe(429);
      expect((await introspect(strangerKey, signed, false)).status).toBe(429);
      // The other client's own budget was spent by its own four calls only.
      const neighbour = await tokenCall(
        server,
        'token/introspection',
        { token: 'x' },
        { id: other.clientId, secret: other.clientSecret! },
      );
      expect(neighbour.status).toBe(200);
    });
  });
});
