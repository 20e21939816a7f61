import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { termsVersion } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserAt, randomAddress } from '../test/attacker.js';
import { databaseTargets } from '../test/databases.js';
import {
  latestCode,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../test/journey.js';
import { followToClient } from '../test/providerSignIn.js';
import { startRedis, stopRedis } from '../test/redisServer.js';
import { startTcpProxy } from '../test/tcpProxy.js';
import { freePort, type TestServer } from '../test/testServer.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Fault = 'cut' | 'restart-empty' | 'restart-persisted';

/**
 * Counters through Redis outages and restarts (issue 18 item 3), over real HTTP against a
 * private redis-server behind a TCP proxy: password failures and code guesses made while Redis
 * is away still count, lock and refuse, also after Redis comes back empty; the provider's
 * per-address limits count in the database meanwhile and add up with Redis's counts after;
 * no answer is a 500. And an in-flight sign-in survives a restart of a persistent Redis.
 */
describe.each(databaseTargets())('counters through Redis outages (%s)', (target) => {
  let redisPort: number;
  let redis: ChildProcess;
  let dataDir: string;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: TestServer;
  let clientId: string;
  let config: oidc.Configuration;
  let created: { clientId: string; clientSecret: string | null };
  const statuses: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'verity-redis-'));
    redisPort = await freePort();
    redis = await startRedis(redisPort, dataDir);
    proxy = await startTcpProxy('127.0.0.1', redisPort);
    const started = await startServerWithClient(
      target,
      {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        REDIS_COMMAND_TIMEOUT_MS: '500', // fast enough, and no false timeouts on a busy machine
        TRUST_PROXY: '1',
        PASSWORD_LOCK_AFTER: '3',
        CODE_GUESSES_PER_15_MINUTES: '3',
        TOKEN_RATE_LIMIT_PER_ADDRESS: '6',
      },
      { name: 'Counters test', redirectUris: [redirectUri], skipConsent: true },
    );
    server = started.server;
    config = started.config;
    created = started.created;
    clientId = created.clientId;
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    if (redis) await stopRedis(redis);
    await rm(dataDir, { recursive: true, force: true });
    // Whatever happened, nothing answered 500.
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });

  /** Takes Redis away (cut off, or killed) and returns a function that brings it back. */
  async function outage(fault: Fault): Promise<() => Promise<void>> {
    if (fault === 'cut') {
      proxy.cut();
      return async () => {
        proxy.restore();
        await redisBack();
      };
    }
    await stopRedis(redis);
    if (fault === 'restart-empty') await rm(dataDir, { recursive: true, force: true });
    return async () => {
      if (fault === 'restart-empty') dataDir = await mkdtemp(join(tmpdir(), 'verity-redis-'));
      redis = await startRedis(redisPort, dataDir);
      await redisBack();
    };
  }

  async function redisBack() {
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      if ((await fetch(`${server.url}/readyz`)).status === 200) return;
      await sleep(100);
    }
    throw new Error('Redis did not come back');
  }

  const post = async (browser: BrowserAt, path: string, body: unknown) => {
    const answer = await browser.post(path, body);
    statuses.push(answer.status);
    return answer;
  };
  const login = (email: string, password: string) =>
    post(new BrowserAt(server), '/api/login/email', { Email: email, Password: password });

  it.each<Fault>(['cut', 'restart-empty'])(
    'locks password login after failures made before, during and after an outage (%s)',
    async (fault) => {
      const email = `${randomUUID()}@example.com`;
      await signUp(server, email, new BrowserAt(server));
      expect((await login(email, 'wrong 1')).body).toMatchObject({ failed: true });
      const back = await outage(fault);
      const during = await login(email, 'wrong 2');
      expect(during).toMatchObject({ status: 200, body: { failed: true } });
      await back();
      expect((await login(email, 'wrong 3')).body).toMatchObject({ failed: true });
      // Three failures in a row: locked, so even the right password is refused.
      expect((await login(email, strongPassword)).body).toMatchObject({ failed: true });
    },
  );

  it.each<Fault>(['cut', 'restart-empty'])(
    'refuses code guesses beyond the budget, counting those made during an outage (%s)',
    async (fault) => {
      const email = `${randomUUID()}@example.com`;
      const browser = new BrowserAt(server);
      const registered = await post(browser, '/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      });
      expect(registered.status).toBe(200);
      const code = await latestCode(server, email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const guess = (value: string) => post(browser, '/api/verify', { Email: email, Code: value });
      expect((await guess(wrong)).status).toBe(400);
      const back = await outage(fault);
      expect((await guess(wrong)).status).toBe(400);
      expect((await guess(wrong)).status).toBe(400);
      await back();
      // Three guesses spent (one before, two during the outage): the right code is refused too.
      const refused = await guess(code);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    },
  );

  /** A token call with a wrong secret: counted against its address, as any unauthenticated one. */
  const badTokenCall = async (address: string) => {
    const response = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
        authorization: `Basic ${Buffer.from(`${clientId}:wrong`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }).toString(),
    });
    statuses.push(response.status);
    return response.status;
  };
  const calls = async (address: string, count: number) => {
    const answers: number[] = [];
    for (let i = 0; i < count; i++) answers.push(await badTokenCall(address));
    return answers;
  };

  it('counts the token endpoint limit in the database during an outage, added up after', async () => {
    const address = randomAddress();
    expect(await calls(address, 2)).toEqual([401, 401]);
    const back = await outage('cut');
    // Redis's two are out of reach meanwhile: the database counts from zero.
    expect(await calls(address, 3)).toEqual([401, 401, 401]);
    await back();
    await sleep(1100); // the instance leaves Redis alone for a second after its last failure
    // 2 in Redis + 3 in the database = 5 of 6: one more at most, then refused (Redis alone
    // would let four more through). At most, because a command that timed out in the cut may
    // still run when the connection is back: a hit counted twice, never one lost.
    const after = await calls(address, 2);
    expect(after[1]).toBe(429);
    expect([401, 429]).toContain(after[0]);
  });

  it("keeps the outage's token endpoint counts when Redis comes back empty", async () => {
    const address = randomAddress();
    const back = await outage('restart-empty');
    expect(await calls(address, 4)).toEqual([401, 401, 401, 401]);
    await back();
    expect(await calls(address, 3)).toEqual([401, 401, 429]);
  });

  it('finishes a sign-in in flight across a restart of a persistent Redis', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = new BrowserAt(server);
    await signUp(server, email, browser);
    const { requestId, verifier } = await startSignInRequest(server, config, browser);
    expect((await post(browser, `/api/requests/${requestId}`, undefined)).status).toBe(200);

    const back = await outage('restart-persisted');
    await back();
    const generated = await post(browser, '/api/generateresponse', { requestId });
    expect(generated.status).toBe(200);
    const callback = await followToClient(
      server,
      browser,
      await browser.fetch(generated.body.redirect_Uri as string),
    );
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: oidc.skipStateCheck,
    });
    expect(tokens.claims()?.sub).toBeTruthy();
  });
});
