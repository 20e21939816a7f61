import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../test/tcpProxy.js';
import { freePort, testEnv } from '../test/testServer.js';

const bin = fileURLToPath(new URL('../../bin/verity.js', import.meta.url));
const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built `verity serve` on PostgreSQL, through a TCP proxy, while its connections are killed
 * (pg_terminate_backend, only this server's: its own application_name) and the database is cut
 * off: the process never exits, /readyz says so within a second, and it recovers by itself.
 */
describe.skipIf(!databaseUrl)('PostgreSQL connections that come and go', () => {
  const applicationName = `verity-test-${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let child: ChildProcess;
  let url: string;
  let cleanup: () => Promise<void>;
  let stderr = '';
  let exited: number | null | undefined;

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
    }));
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
      { redirect: 'manual', signal: AbortSignal.timeout(10_000) },
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

  it('reports the database cut off on /readyz within a second, and recovers when it is back', async () => {
    expect((await readyz()).status).toBe(200);
    proxy.cut();
    const during = await readyz();
    expect(during.status).toBe(503);
    expect(during.ms).toBeLessThan(1_000);
    // Calls fail while it lasts, and the process stays up.
    const failing = await Promise.all([readsClient(), readsClient()].map((p) => p.catch(() => 0)));
    expect(failing.every((status) => status === 0 || status >= 500)).toBe(true);
    await sleep(1_000);
    expect(exited, stderr).toBeUndefined();

    proxy.restore();
    expect(await readyWithin(10_000)).toBe(true);
    expect(await readsClient()).toBeLessThan(500);
    expect(exited, stderr).toBeUndefined();
  });
});
