import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimit, RateLimitResult } from '../kv/rateLimiter.js';
import { databaseTargets, redisTargets } from '../test/databases.js';
import { redirectUri, signUp, startServerWithClient, startSignInRequest } from '../test/journey.js';
import type { TestServer } from '../test/testServer.js';

type Created = { clientId: string; clientSecret: string | null };

/** A user signs in to the client; its back end exchanges the code: the access token. */
async function accessTokenOf(server: TestServer, config: oidc.Configuration, created: Created) {
  const browser = await signUp(server, `${randomUUID()}@example.com`);
  const { requestId, verifier } = await startSignInRequest(server, config, browser);
  const generated = await browser.post('/api/generateresponse', { requestId });
  let response = await browser.fetch(generated.body.redirect_Uri as string);
  while (!response.headers.get('location')!.startsWith(redirectUri))
    response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
  const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await fetch(`${server.url}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${created.clientId}:${created.clientSecret!}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  expect(exchanged.status).toBe(200);
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

async function userinfo(server: TestServer, accessToken: string) {
  const response = await fetch(`${server.url}/oidc/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await response.arrayBuffer();
  return response;
}

describe.each(databaseTargets())('userinfo limits that fit the caller (%s)', (target) => {
  describe('by default: no limit per confidential client', () => {
    let server: TestServer;
    let created: Created;
    let config: oidc.Configuration;
    beforeAll(async () => {
      ({ server, created, config } = await startServerWithClient(
        target,
        { USERINFO_RATE_LIMIT_PER_ADDRESS: '10' },
        { name: 'Busy back end', redirectUris: [redirectUri], skipConsent: true },
      ));
    });
    afterAll(async () => server?.close());

    it("counts a client's tokens against the client, not its address; calls without a valid token per address", async () => {
      const accessToken = await accessTokenOf(server, config, created);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await userinfo(server, accessToken)).status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      // Tokens that are no token: 10 a minute from this address, then 429.
      const junk: number[] = [];
      for (let i = 0; i < 10; i++) junk.push((await userinfo(server, `not-a-token-${i}`)).status);
      expect(junk).toEqual(Array.from({ length: 10 }, () => 401));
      const refused = await userinfo(server, 'not-a-token');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('with USERINFO_RATE_LIMIT_PER_CLIENT', () => {
    let server: TestServer;
    let created: Created;
    let config: oidc.Configuration;
    beforeAll(async () => {
      ({ server, created, config } = await startServerWithClient(
        target,
        { USERINFO_RATE_LIMIT_PER_CLIENT: '5' },
        { name: 'Metered back end', redirectUris: [redirectUri], skipConsent: true },
      ));
    });
    afterAll(async () => server?.close());

    it("refuses the client's tokens over its limit, for every user; invalid tokens never spend it", async () => {
      const first = await accessTokenOf(server, config, created);
      const second = await accessTokenOf(server, config, created);
      for (let i = 0; i < 8; i++) expect((await userinfo(server, `forged-${i}`)).status).toBe(401);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await userinfo(server, i % 2 ? second : first)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const refused = await fetch(`${server.url}/oidc/me`, {
        headers: { authorization: `Bearer ${second}` },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as Record<string, unknown>;
      expect(body).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'Too many requests; try again later.',
      });
      expect((await userinfo(server, first)).status).toBe(429);
      // Both refusals counted in the metrics, by the limit's name.
      const refusals = await server.ctx.metrics.rateLimitRefusals.get();
      const byClient = refusals.values.find((v) => v.labels.limit === 'oidc-userinfo-client');
      expect(byClient?.value).toBe(2);
    });
  });
});

/** Their counters in the database, and in Redis when configured (the endpoints' counters). */
const counterTargets = [
  ...databaseTargets().map((db) => ({ name: db, db, env: {} })),
  ...redisTargets().map((url) => ({
    name: 'sqlite with Redis',
    db: 'sqlite' as const,
    env: { REDIS_URL: url },
  })),
];

describe.each(counterTargets)(
  'userinfo limits count each call before its answer ($name)',
  (target) => {
    let server: TestServer;
    let created: Created;
    let config: oidc.Configuration;
    beforeAll(async () => {
      ({ server, created, config } = await startServerWithClient(
        target.db,
        {
          ...target.env,
          USERINFO_RATE_LIMIT_PER_ADDRESS: '4',
          USERINFO_RATE_LIMIT_PER_CLIENT: '3',
        },
        { name: 'Sequential back end', redirectUris: [redirectUri], skipConsent: true },
      ));
    });
    afterAll(async () => server?.close());

    /**
     * The address's and the client's counts made slow (the store busy): counted after the
     * answer, a caller's next call would peek the count before it landed and get through.
     */
    function slowCounts(): () => void {
      const limiter = server.ctx.endpointLimiter;
      const hit = limiter.hit.bind(limiter);
      limiter.hit = async (limit: RateLimit, subject: string): Promise<RateLimitResult> => {
        if (limit.name === 'oidc-userinfo' || limit.name === 'oidc-userinfo-client')
          await new Promise((resolve) => setTimeout(resolve, 150));
        return hit(limit, subject);
      };
      return () => {
        limiter.hit = hit;
      };
    }

    it("meets a sequential caller's every earlier call: no more than the limit gets through, however slow the count", async () => {
      const accessToken = await accessTokenOf(server, config, created);
      const restore = slowCounts();
      try {
        // The client's tokens: counted against the client (3), never the address.
        const answered: number[] = [];
        for (let i = 0; i < 6; i++) answered.push((await userinfo(server, accessToken)).status);
        expect(answered).toEqual([200, 200, 200, 429, 429, 429]);
        // Calls without a valid token: against the address (4).
        const junk: number[] = [];
        for (let i = 0; i < 7; i++) junk.push((await userinfo(server, `not-a-token-${i}`)).status);
        expect(junk).toEqual([401, 401, 401, 401, 429, 429, 429]);
      } finally {
        restore();
      }
    });
  },
);
