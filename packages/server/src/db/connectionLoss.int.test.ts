import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { redirectUri } from '../test/journey.js';
import { startTcpProxy } from '../test/tcpProxy.js';
import { freePort, testEnv } from '../test/testServer.js';

const bin = fileURLToPath(new URL('../../bin/verity.js', import.meta.url));
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// A call waits for a connection up to the pool's 5 s, and the authorization endpoint's error
// path looks an unknown client up once more.
const CALL_TIMEOUT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built `verity serve` on PostgreSQL, through a TCP proxy, while its connections are killed
 * (pg_terminate_backend, only this server's: its own application_name) and the database is cut
 * off: the process never exits, /readyz says so within a second, every call that needs the
 * database answers 503 (the provider's endpoints temporarily_unavailable, never a 500), and it
 * recovers by itself. Redis holds the endpoints' rate limits, so the calls reach oidc-provider
 * and its storage while the database is away.
 */
describe.skipIf(!databaseUrl || !redisUrl)('PostgreSQL connections that come and go', () => {
  const applicationName = `verity-test-${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let child: ChildProcess;
  let url: string;
  let cleanup: () => Promise<void>;
  let stderr = '';
  let exited: number | null | undefined;
  let clientId: string;
  let clientSecret: string;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const throughProxy = new URL(databaseUrl!);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    let env: Record<string, string>;
    ({ env, cleanup } = testEnv('postgres', {
      DATABASE_URL: throughProxy.href,
      DATABASE_APPLICATION_NAME: applicationName,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      REDIS_URL: redisUrl!,
      // The client read before the cut is still known during it (the provider checks its
      // redirect_uri from that), however slowly the machine runs the calls in between.
      CLIENT_CACHE_SECONDS: '600',
    }));
    const stores = await openStores(loadConfig(env));
    try {
      const created = await stores.clients.create({
        name: 'Connection loss test',
        redirectUris: [redirectUri],
      });
      clientId = created.clientId;
      clientSecret = created.clientSecret!;
    } finally {
      await stores.database.db.destroy();
    }
    child = spawn(process.execPath, [bin, 'serve'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (exited = code));
    expect(await readyWithin(30_000)).toBe(true);
  });

  afterAll(async () => {
    if (child && exited === undefined) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await proxy?.close();
    await cleanup?.();
  });

  async function readyz(): Promise<{ status: number; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, ms: Date.now() - started };
  }

  async function readyWithin(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if ((await readyz().catch(() => null))?.status === 200) return true;
      await sleep(100);
    }
    return false;
  }

  /** A call that reads the database: the authorization endpoint looks the client up. */
  async function readsClient(): Promise<number> {
    const response = await fetch(
      `${url}/oidc/auth?client_id=no-such-client&response_type=code&scope=openid`,
      { redirect: 'manual', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) },
    );
    return response.status;
  }

  /** Terminates this server's PostgreSQL sessions, and only those; how many. */
  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  /** The authorization endpoint for the registered client: its sign-in page, or its redirect_uri. */
  async function authorize(): Promise<Response> {
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      state: 'cut-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    return fetch(`${url}/oidc/auth?${query}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  }

  /** A code exchange by the registered client (the code is made up: 400 when the database is up). */
  async function token(): Promise<Response> {
    return fetch(`${url}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x'.repeat(43),
        redirect_uri: redirectUri,
        code_verifier: 'x'.repeat(43),
      }).toString(),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  }

  /** Userinfo with an access token the provider must look up (401 when the database is up). */
  async function userinfo(): Promise<Response> {
    return fetch(`${url}/oidc/me`, {
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  }

  /** A 503 of the OpenID provider: temporarily_unavailable (RFC 6749 5.2), with Retry-After. */
  async function expectTemporarilyUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ error: 'temporarily_unavailable' });
  }

  // First: the load test below spends the authorization endpoint's limit for this address.
  it('reports the database cut off on /readyz within a second, and recovers when it is back', async () => {
    expect((await readyz()).status).toBe(200);
    // The client is read (and kept for CLIENT_CACHE_SECONDS) while the database is there.
    expect((await authorize()).status).toBe(303);
    expect((await token()).status).toBe(400);
    expect((await userinfo()).status).toBe(401);
    proxy.cut();
    try {
      const during = await readyz();
      expect(during.status).toBe(503);
      expect(during.ms).toBeLessThan(1_000);
      // Calls that need the database answer 503 while it lasts, and the process stays up. The
      // known client's request cannot be saved: its checked redirect_uri is told
      // temporarily_unavailable (RFC 6749 4.1.2.1), since a redirect cannot carry a 503.
      const known = await authorize();
      expect(known.status).toBe(303);
      const location = new URL(known.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
      expect(location.searchParams.get('error')).toBe('temporarily_unavailable');
      expect(location.searchParams.get('state')).toBe('cut-state');
      await expectTemporarilyUnavailable(await token());
      await expectTemporarilyUnavailable(await userinfo());
      // An unknown client cannot be read, so no redirect_uri is trusted: the page says 503.
      expect(await readsClient()).toBe(503);
      await sleep(1_000);
      expect(exited, stderr).toBeUndefined();
      expect(stderr).not.toContain('oidc-provider server error');
    } finally {
      proxy.restore();
    }
    expect(await readyWithin(10_000)).toBe(true);
    expect(await readsClient()).toBeLessThan(500);
    expect((await token()).status).toBe(400);
    expect((await userinfo()).status).toBe(401);
    expect(exited, stderr).toBeUndefined();
  }, 120_000);

  it('survives its connections being terminated under load; reads are retried, writes say 503', async () => {
    const baseline = await readsClient();
    expect(baseline).toBeLessThan(500);
    let running = true;
    const reads: number[] = [];
    const mixed: number[] = [];
    const reader = async () => {
      while (running) reads.push((await readyz().catch(() => null))?.status ?? 0);
    };
    // The authorization endpoint reads the client and counts the call (a write: rate limits).
    const caller = async () => {
      while (running) mixed.push(await readsClient().catch(() => 0));
    };
    const load = Promise.all([reader(), reader(), reader(), caller(), caller()]);
    let terminated = 0;
    for (let round = 0; round < 4; round++) {
      await sleep(400);
      terminated += await terminateBackends();
    }
    await sleep(400);
    running = false;
    await load;

    expect(terminated).toBeGreaterThan(0);
    expect(stderr).toContain('database connection lost');
    expect(exited, stderr).toBeUndefined();
    // /readyz only reads (select 1, a key-value get): retried on a fresh connection, all 200.
    expect(reads.length).toBeGreaterThan(10);
    expect(
      reads.filter((status) => status !== 200),
      stderr,
    ).toEqual([]);
    // A write whose connection was lost may have committed: not retried, an honest 503.
    expect(mixed.filter((status) => status === 0 || (status >= 500 && status !== 503))).toEqual([]);
    // Recovered: the next calls answer as before.
    expect(await readsClient()).toBeLessThan(500);
  });
});
