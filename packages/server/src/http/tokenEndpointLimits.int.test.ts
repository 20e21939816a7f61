import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri, signUp, startServerWithClient, startSignInRequest } from '../test/journey.js';
import type { TestServer } from '../test/testServer.js';

type Created = { clientId: string; clientSecret: string | null };

/** Calls a token endpoint as a relying party's back end would (client_secret_basic). */
async function tokenCall(
  server: TestServer,
  path: 'token' | 'token/introspection',
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
      // is limited per address as before: 60 a minute.
      const junk: number[] = [];
      for (let i = 0; i < 61; i++) {
        const wrong = i % 2 ? { id: created.clientId, secret: 'not-the-secret' } : undefined;
        junk.push(
          (
            await tokenCall(
              server,
              'token',
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
  });
});
