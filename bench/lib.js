// Shared by the benchmarks: a throwaway Verity on loopback, and a timed load loop.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verityIn = (root) => path.join(root, 'packages/server/bin/verity.js');

/**
 * BENCH_BASELINE: another built checkout (e.g. a worktree of main) whose server the benches
 * that support it run beside this one, window after window, for a before/after in one run.
 */
export const BASELINE = process.env.BENCH_BASELINE;

export const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let counter = 0;
/**
 * A different X-Forwarded-For address per request, from the benchmarking range 198.18.0.0/15
 * (a header only: all traffic stays on loopback), so per-address rate limits are measured
 * without stopping the run. The server runs with TRUST_PROXY=1 for this (one trusted proxy hop).
 */
export function forwardedFor() {
  counter++;
  return `198.18.${(counter >> 8) & 255}.${counter & 255}`;
}

/**
/**
 * BENCH_DATABASE_URL (postgres://…): settings for a server on PostgreSQL, in a schema of its own
 * for this run (dropped by nobody: `bench_<time>`), with the secrets an instance on PostgreSQL
 * must be given; BENCH_REDIS_URL: counters in Redis. Without them, none (SQLite in DATA_DIR).
 */
export function databaseEnv() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return {};
  const key = () => randomBytes(32).toString('base64url');
  return {
    DATABASE_URL: url,
    DATABASE_SCHEMA: `bench_${Date.now()}_${randomBytes(3).toString('hex')}`,
    COOKIE_KEYS: key(),
    DATA_ENCRYPTION_KEY: key(),
    PIN_AUTHORITY_1_SHARE: randomBytes(31).toString('hex').padStart(64, '0'),
    PIN_AUTHORITY_2_SHARE: randomBytes(31).toString('hex').padStart(64, '0'),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
}

/**
 * Starts `verity serve` (of this checkout, or of `root`) with one registered client; returns
 * its address, client and stop(). `env` adds settings (`databaseEnv()`, say); `instances` > 1
 * starts more servers on the same storage, each on its own port with the same PUBLIC_URL (as
 * behind a load balancer): `bases` and `pids` list them, `base` and `pid` are the first's.
 */
export async function startVerity(env = {}, { instances = 1, root = ROOT } = {}) {
  const VERITY = verityIn(root);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-bench-'));
  const ports = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const base = `http://localhost:${ports[0]}`;
  const settings = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(ports[0]),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    ...env,
  };
  const add = spawn(
    process.execPath,
    [
      VERITY,
      'clients',
      'add',
      '--name',
      'Bench',
      '--redirect-uri',
      'http://127.0.0.1:9/cb',
      '--json',
    ],
    { env: settings },
  );
  let out = '';
  add.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => add.on('exit', resolve));
  const client = JSON.parse(out.trim().split('\n').pop());
  const servers = [];
  // BENCH_SERVER_ARGS: node options for the servers, e.g. --cpu-prof --cpu-prof-dir=/tmp/p;
  // BENCH_PROFILE=<dir> is short for a V8 CPU profile of each, written there when it stops.
  const serverArgs = [
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    ...(process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : []),
  ];
  for (const port of ports) {
    const server = spawn(process.execPath, [...serverArgs, VERITY, 'serve'], {
      env: { ...settings, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(server);
    let errors = '';
    server.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
    let exited = false;
    server.on('exit', () => (exited = true));
    for (let i = 0; i < 200; i++) {
      if (exited) throw new Error(`verity serve exited:\n${errors}`);
      if (
        await fetch(`http://localhost:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    base,
    bases: ports.map((port) => `http://localhost:${port}`),
    client,
    /** The server's process id, for its CPU time (serverCpuSeconds). */
    pid: servers[0].pid,
    pids: servers.map((server) => server.pid),
    redirectUri: 'http://127.0.0.1:9/cb',
    async stop() {
      await Promise.all(
        servers.map((server) => {
          if (server.exitCode !== null || server.signalCode !== null) return undefined;
          server.kill('SIGTERM');
          return new Promise((resolve) => server.on('exit', resolve));
        }),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `request` with `concurrency` in flight for DURATION_MS; latency percentiles in ms. */
export async function scenario(name, request, concurrency = 16, durationMs = DURATION_MS) {
  const latencies = [];
  let errors = 0;
  let firstError;
  const end = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      try {
        await request();
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      } catch (error) {
        errors++;
        firstError ??= error;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  if (firstError) process.stderr.write(`${name}: ${errors} errors, first: ${firstError.message}\n`);
  return { name, concurrency, ...summarize(latencies, seconds), errors };
}

export function summarize(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
  return {
    perSecond: Math.round(latencies.length / seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

export function printTable(title, rows) {
  process.stdout.write(
    `\n${title}\n\n| Scenario | in flight | per s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `| ${r.name} | ${r.concurrency} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |\n`,
    );
  }
}

export async function expectStatus(response, status) {
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`status ${response.status}`);
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function serverCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A minimal browser: cookies by name, manual redirects, its own address per request. */
export function browser(base) {
  const jar = new Map();
  return async (path, init = {}) => {
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      redirect: 'manual',
      ...init,
      headers: {
        'x-forwarded-for': forwardedFor(),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.headers ?? {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
}

export const post = (send, path, body, headers = {}) =>
  send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Signs a user up through the API and verifies the e-mail; returns the signed-in browser. */
export async function signUp(base, email, password) {
  const { termsVersion } = await import('../packages/contracts/dist/index.js');
  const send = browser(base);
  await post(send, '/api/register', {
    Email: email,
    Password: password,
    TermsAccepted: true,
    TermsVersion: termsVersion,
  });
  const outbox = await (
    await fetch(`${base}/dev/outbox.json?recipient=${encodeURIComponent(email)}`)
  ).json();
  const code = /Your code is (\d{6})/.exec(outbox.messages[0].body)[1];
  await post(send, '/api/verify', { Email: email, Code: code });
  return send;
}

/**
 * A cryptographic floor (bench/floorWorker.js: 'argon2' or 'pairing') in a child process of
 * this benchmark. run(ms, concurrency) runs it for one window and returns its operations and
 * the CPU time (user + system, from /proc) the child spent on them.
 */
export async function startFloor(kind) {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'floorWorker.js'), [
    kind,
  ]);
  const replies = [];
  const waiting = [];
  child.on('message', (message) => {
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else replies.push(message);
  });
  const next = () =>
    replies.length ? Promise.resolve(replies.shift()) : new Promise((r) => waiting.push(r));
  await next(); // ready
  return {
    async run(ms, concurrency = 1) {
      const before = serverCpuSeconds(child.pid);
      child.send({ ms, concurrency });
      const { ops } = await next();
      return { ops, cpuSeconds: serverCpuSeconds(child.pid) - before };
    },
    stop() {
      child.kill();
    },
  };
}

/**
 * Subject and floor, window after window, so both meet the same load from the rest of this
 * shared machine: `windows` is a list of { label, run: (ms) => Promise<{ ops, cpuSeconds }> },
 * each run `rounds` times for `ms`. Returns per label the operations, CPU seconds and CPU ms
 * per operation over all its windows.
 */
export async function interleave(windows, { rounds = 4, ms = DURATION_MS / 2 } = {}) {
  const totals = new Map(windows.map((w) => [w.label, { ops: 0, cpuSeconds: 0 }]));
  for (let round = 0; round < rounds; round++) {
    for (const w of windows) {
      const { ops, cpuSeconds } = await w.run(ms);
      const total = totals.get(w.label);
      total.ops += ops;
      total.cpuSeconds += cpuSeconds;
    }
  }
  return new Map(
    [...totals].map(([label, t]) => [
      label,
      { ...t, cpuMsPerOp: t.ops ? (t.cpuSeconds * 1000) / t.ops : NaN },
    ]),
  );
}

/**
 * One window of load on the server (`concurrency` operations in flight for `ms`): the
 * successful operations and the server process's CPU seconds over the window. Latencies of
 * successful operations are added to `latencies`; failures are counted in `failures`.
 */
export async function serverWindow(pid, operation, { concurrency, ms, latencies, failures }) {
  let ops = 0;
  const before = serverCpuSeconds(pid);
  const end = Date.now() + ms;
  const worker = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      try {
        await operation();
        latencies?.push(Number(process.hrtime.bigint() - start) / 1e6);
        ops++;
      } catch (error) {
        if (failures) {
          failures.count++;
          failures.first ??= error;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ops, cpuSeconds: serverCpuSeconds(pid) - before };
}
