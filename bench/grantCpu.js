// Issue 19 items 1 and 5: the server's CPU per code exchange and per rotating refresh, Verity
// beside a bare oidc-provider 9 in Fastify with its in-memory adapter (bench/bareProvider.js),
// measured in the same run. CPU is the server processes' utime + stime (/proc/<pid>/stat) over
// a window of a fixed number of calls, divided by the calls that succeeded; the targets take
// turns window by window, round after round, so each meets the same load from the machine's
// other work. Codes are minted before each window (single sign-on, no screen), not in it.
//
// Targets: the bare provider; Verity on SQLite; with BENCH_DATABASE_URL (a postgres:// URL;
// a schema of its own, dropped at the end) Verity on PostgreSQL, with Redis when
// BENCH_REDIS_URL is set, and a second instance on the same PostgreSQL and Redis: the pair
// takes the calls in turn (a load balancer), and its CPU is both processes'. Metrics on
// (METRICS_TOKEN set), tracing off.
//
// Run: npm run build && node bench/grantCpu.js   (results: bench/README.md)
// Settings: BENCH_ROUNDS (default 5), BENCH_OPS (calls per window, default 300),
// BENCH_CONCURRENCY (calls in flight, default 4), BENCH_WARMUP (rounds run first and not
// counted, default 0: V8 compiles Verity's larger request path for longer; with none, the
// first rounds' compiling is in the result, see bench/README.md 2026-11-29). Diagnostics: BENCH_DEBUG=1 prints each
// process's CPU per window; BENCH_ONLY_FIRST=1 sends the pair's calls to its first instance
// only (what the idle second costs); BENCH_PROFILE=<dir> writes each Verity's V8 CPU profile,
// and the measured windows' times (windows.json) for `profileSummary.js --windows`;
// BENCH_WINDOWS=<file> writes those times there instead (e.g. for `perf record -k mono`).
// BENCH_PAIR_LOAD=each gives the pair BENCH_CONCURRENCY calls in flight per instance (twice the
// single instance's in all), so each process meets the load the single one met; by default the
// pair shares the single instance's calls in flight (half each).
// BENCH_BASELINE=<another built checkout> adds that checkout's Verity on SQLite (and on
// PostgreSQL, one instance, its own schema) as targets of the same run: before and after, each
// window beside the others'.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { browser, post, serverCpuSeconds, signUp, startVerity } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Rounds run first and not counted: the servers' code compiled by V8's optimiser first. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
const OPS = Number(process.env.BENCH_OPS ?? 300);
const IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PAIR_LOAD_EACH = process.env.BENCH_PAIR_LOAD === 'each';
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const BASELINE = process.env.BENCH_BASELINE;
const PASSWORD = 'correct horse battery staple 42';
/** The relying party's back end: every token call from this one address. */
const ADDRESS = '198.18.200.1';
const REDIRECT_URI = 'http://127.0.0.1:9/cb';
const METRICS = { METRICS_TOKEN: randomBytes(24).toString('base64url') };

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A target: its servers, its client, and how a browser signed in to it gets a code. */
async function target(name, { bases, pids, client, stop }, signIn) {
  process.stderr.write(`${name}: signing in\n`);
  const sso = browser(bases[0]);
  const authUrl = (extra = {}) =>
    `${bases[0]}/oidc/auth?${new URLSearchParams({ client_id: client.client_id, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: 'S256', nonce: 'n', ...extra })}`;
  /** Follows the redirects of a sign-in; the screens (a first login, a consent) by signIn. */
  const code = async (extra) => {
    let location = (await sso(authUrl(extra))).headers.get('location');
    for (let hops = 0; !location.startsWith(REDIRECT_URI); hops++) {
      if (hops > 10) throw new Error(`${name}: no code, at ${location}`);
      location = (await signIn(sso, location)) ?? (await sso(location)).headers.get('location');
    }
    const url = new URL(location);
    if (!url.searchParams.get('code')) throw new Error(`${name}: ${location}`);
    return url.searchParams.get('code');
  };
  const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
  let turn = 0;
  const token = async (params) => {
    const at = process.env.BENCH_ONLY_FIRST ? 0 : turn++ % bases.length;
    const response = await fetch(`${bases[at]}/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ADDRESS,
      },
      body: new URLSearchParams(params),
    });
    const body = await response.json();
    if (response.status !== 200 || !body.id_token)
      throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const exchange = (value) =>
    token({
      grant_type: 'authorization_code',
      code: value,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
  // One refresh-token chain per call in flight (each refresh rotates the token it uses).
  const inFlight = PAIR_LOAD_EACH ? IN_FLIGHT * bases.length : IN_FLIGHT;
  const chains = [];
  for (let i = 0; i < inFlight; i++)
    chains.push(
      (await exchange(await code({ scope: 'openid offline_access', prompt: 'consent' })))
        .refresh_token,
    );
  // Which profile is whose (node names a --cpu-prof file by process id).
  if (process.env.BENCH_PROFILE) process.stderr.write(`${name}: process ${pids.join(', ')}\n`);
  return { name, pids, code, exchange, token, chains, stop, inFlight };
}

/** The CPU seconds of a target's processes so far. */
const cpuOf = (t) => t.pids.reduce((sum, pid) => sum + serverCpuSeconds(pid), 0);

/**
 * A target's context switches so far, all threads of its processes: voluntary (a thread went to
 * sleep waiting, e.g. for a database answer, and was woken) and involuntary (the kernel took the
 * core away for another process: contention for the machine's cores).
 */
function switchesOf(t) {
  const sum = { voluntary: 0, involuntary: 0 };
  for (const pid of t.pids)
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      sum.voluntary += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      sum.involuntary += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    }
  return sum;
}

/**
 * Makes `count` calls, the target's calls in flight at a time; `call(worker)` is told which of
 * those workers makes it (a refresh chain is one worker's). The CPU ms they cost and how many succeeded.
 */
async function measure(t, count, call, kind) {
  await sleep(200); // what minting left behind (answers, collections) settles outside the window
  const startedAt = process.hrtime.bigint();
  let started = 0;
  let ok = 0;
  let firstError;
  const before = cpuOf(t);
  const switchesBefore = switchesOf(t);
  const each = t.pids.map(serverCpuSeconds);
  await Promise.all(
    Array.from({ length: t.inFlight }, async (_, worker) => {
      while (started < count) {
        started++;
        try {
          await call(worker);
          ok++;
        } catch (error) {
          firstError ??= error;
        }
      }
    }),
  );
  const cpuMs = (cpuOf(t) - before) * 1000;
  // On V8's profile clock (CLOCK_MONOTONIC, µs), for profileSummary.js --windows.
  if (!warming)
    windows.push({
      target: t.name,
      kind,
      pids: t.pids,
      start: Number(startedAt / 1000n),
      end: Number(process.hrtime.bigint() / 1000n),
      calls: ok,
    });
  const switchesAfter = switchesOf(t);
  const switches = {
    voluntary: switchesAfter.voluntary - switchesBefore.voluntary,
    involuntary: switchesAfter.involuntary - switchesBefore.involuntary,
  };
  if (process.env.BENCH_DEBUG)
    process.stderr.write(
      `${t.name}: CPU ms by process ${t.pids.map((pid, i) => Math.round((serverCpuSeconds(pid) - each[i]) * 1000)).join(' / ')}\n`,
    );
  if (firstError) process.stderr.write(`${t.name}: ${count - ok} failed: ${firstError}\n`);
  return { cpuMs, ok, switches };
}

const exchangeWindow = async (t) => {
  const codes = [];
  while (codes.length < OPS)
    codes.push(...(await Promise.all(Array.from({ length: 4 }, () => t.code()))));
  return measure(t, OPS, () => t.exchange(codes.pop()), 'exchange');
};
const refreshWindow = (t) =>
  measure(
    t,
    OPS,
    async (worker) => {
      const body = await t.token({ grant_type: 'refresh_token', refresh_token: t.chains[worker] });
      t.chains[worker] = body.refresh_token;
    },
    'refresh',
  );

// --- the targets --------------------------------------------------------------------------
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function startBare() {
  // The same node options as Verity's servers (lib.js startVerity).
  const profile = [
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    ...(process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : []),
  ];
  const child = spawn(process.execPath, [...profile, path.join(ROOT, 'bench/bareProvider.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
  });
  const { port, client } = JSON.parse(line);
  return {
    bases: [`http://localhost:${port}`],
    pids: [child.pid],
    client,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** Verity's screens: a first login by e-mail and password; then consent is given by the API. */
const veritySignIn = (email) => async (sso, location) => {
  if (!new URL(location, 'http://x').pathname.startsWith('/requests/')) return undefined;
  const requestId = location.split('/').pop();
  await sso(location);
  await post(sso, '/api/login/email', { Email: email, Password: PASSWORD, RequestId: requestId });
  const generated = await (await post(sso, '/api/generateresponse', { requestId })).json();
  return generated.redirect_Uri;
};

async function verityTarget(name, servers) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await signUp(servers.base, email, PASSWORD);
  return target(name, servers, veritySignIn(email));
}

/** The measured windows (BENCH_PROFILE writes them beside the profiles). */
const windows = [];
/** In a warm-up round: nothing is counted or recorded. */
let warming = false;
const targets = [];
const stops = [];
const schemas = [];
try {
  const bare = await startBare();
  stops.push(bare.stop);
  targets.push(await target('reference', bare, async () => undefined));
  const sqlite = await startVerity(METRICS);
  stops.push(sqlite.stop);
  targets.push(await verityTarget('sqlite', sqlite));
  if (BASELINE) {
    const before = await startVerity(METRICS, { root: BASELINE });
    stops.push(before.stop);
    targets.push(await verityTarget('baseline sqlite', before));
  }
  if (DATABASE_URL) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    const shared = {
      ...METRICS,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      COOKIE_KEYS: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      // Scalars below the curve's order (a leading zero nibble is enough).
      PIN_AUTHORITY_1_SHARE: `0${randomBytes(32).toString('hex').slice(1)}`,
      PIN_AUTHORITY_2_SHARE: `0${randomBytes(32).toString('hex').slice(1)}`,
      ...(REDIS_URL ? { REDIS_URL } : {}),
    };
    const pair = await startVerity(shared, { instances: 2 });
    stops.push(pair.stop);
    const one = { ...pair, bases: [pair.bases[0]], pids: [pair.pids[0]] };
    targets.push(await verityTarget('postgres', one));
    targets.push(await verityTarget('postgres, two instances', pair));
    if (BASELINE) {
      const own = `bench_${randomBytes(4).toString('hex')}`;
      schemas.push(own);
      const before = await startVerity({ ...shared, DATABASE_SCHEMA: own }, { root: BASELINE });
      stops.push(before.stop);
      targets.push(await verityTarget('baseline postgres', before));
    }
  }

  const totals = new Map(targets.map((t) => [t.name, { exchange: [0, 0], refresh: [0, 0] }]));
  const switchTotals = new Map(targets.map((t) => [t.name, { exchange: [0, 0], refresh: [0, 0] }]));
  for (let round = 1 - WARMUP; round <= ROUNDS; round++) {
    warming = round < 1;
    // Each round starts with another target, so none is always first after minting.
    const order = targets.map(
      (_, i) => targets[(((i + round) % targets.length) + targets.length) % targets.length],
    );
    for (const t of order) {
      for (const [kind, run] of [
        ['exchange', exchangeWindow],
        ['refresh', refreshWindow],
      ]) {
        const { cpuMs, ok, switches } = await run(t);
        if (warming) {
          process.stderr.write(`warm-up ${t.name} ${kind}: ${(cpuMs / ok).toFixed(2)} ms\n`);
          continue;
        }
        const sum = totals.get(t.name)[kind];
        sum[0] += cpuMs;
        sum[1] += ok;
        const switchSum = switchTotals.get(t.name)[kind];
        switchSum[0] += switches.voluntary;
        switchSum[1] += switches.involuntary;
        process.stderr.write(
          `round ${round} ${t.name} ${kind}: ${(cpuMs / ok).toFixed(2)} ms (${ok} calls)\n`,
        );
      }
    }
  }

  const ms = (name, kind) => {
    const [cpuMs, ok] = totals.get(name)?.[kind] ?? [0, 0];
    return ok ? cpuMs / ok : null;
  };
  const fmt = (value) => (value === null ? 'n/a' : value.toFixed(2));
  process.stdout.write(
    `\nServer CPU ms per call, ${ROUNDS} rounds of ${OPS} calls per window (after ${WARMUP} not counted), ${IN_FLIGHT} in flight, ` +
      `Node ${process.version}${DATABASE_URL ? `, PostgreSQL${REDIS_URL ? ' and Redis' : ''}` : ''}\n\n` +
      '| Operation | Verity SQLite | Verity PostgreSQL | Reference | Ratio (SQLite / PostgreSQL) | Second instance |\n' +
      '|---|---|---|---|---|---|\n',
  );
  for (const [kind, label] of [
    ['exchange', 'Code exchange'],
    ['refresh', 'Refresh (rotating)'],
  ]) {
    const ref = ms('reference', kind);
    const lite = ms('sqlite', kind);
    const postgres = ms('postgres', kind);
    const two = ms('postgres, two instances', kind);
    const ratio = (value) => (value === null ? 'n/a' : `${(value / ref).toFixed(2)}x`);
    const second =
      two === null ? 'n/a' : `${fmt(two)} (${((two / postgres - 1) * 100).toFixed(0)}%)`;
    process.stdout.write(
      `| ${label} | ${fmt(lite)} | ${fmt(postgres)} | ${fmt(ref)} | ${ratio(lite)} / ${ratio(postgres)} | ${second} |\n`,
    );
    if (BASELINE) {
      const [liteBefore, postgresBefore] = [
        ms('baseline sqlite', kind),
        ms('baseline postgres', kind),
      ];
      process.stdout.write(
        `| ${label}, baseline | ${fmt(liteBefore)} | ${fmt(postgresBefore)} | ${fmt(ref)} | ${ratio(liteBefore)} / ${ratio(postgresBefore)} | |\n`,
      );
    }
  }
  process.stdout.write(
    '\nContext switches per call, all threads of the target (voluntary: woken from a wait; ' +
      'involuntary: the core taken for another process)\n\n' +
      '| Target | exchange: voluntary / involuntary | refresh: voluntary / involuntary |\n|---|---|---|\n',
  );
  for (const t of targets) {
    const cell = (kind) => {
      const calls = totals.get(t.name)[kind][1];
      const [voluntary, involuntary] = switchTotals.get(t.name)[kind];
      return calls
        ? `${(voluntary / calls).toFixed(2)} / ${(involuntary / calls).toFixed(2)}`
        : 'n/a';
    };
    process.stdout.write(`| ${t.name} | ${cell('exchange')} | ${cell('refresh')} |\n`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  const windowsFile =
    process.env.BENCH_WINDOWS ??
    (process.env.BENCH_PROFILE && path.join(process.env.BENCH_PROFILE, 'windows.json'));
  if (windowsFile) writeFileSync(windowsFile, JSON.stringify(windows));
  if (schemas.length) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}
