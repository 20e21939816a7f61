// Latency and throughput of Verity's hot endpoints, against the built server on loopback.
// Run: npm run build && node bench/endpoints.js   (results: bench/README.md)
//
// Each scenario runs for a fixed time with a fixed number of requests in flight. The server
// runs with TRUST_PROXY=true and each request names a different X-Forwarded-For address from
// the benchmarking range 198.18.0.0/15 (a header only: all traffic stays on loopback), so the
// per-address rate limits measure their cost without stopping the run.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERITY = path.join(ROOT, 'packages/server/bin/verity.js');
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

let counter = 0;
const forwardedFor = () => {
  counter++;
  return `198.18.${(counter >> 8) & 255}.${counter & 255}`;
};

async function scenario(name, request) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      try {
        await request();
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      } catch {
        errors++;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
  return {
    name,
    rps: Math.round(latencies.length / seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors,
  };
}

async function expectStatus(response, status) {
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`status ${response.status}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-bench-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
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
    { env },
  );
  let out = '';
  add.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => add.on('exit', resolve));
  const client = JSON.parse(out.trim().split('\n').pop());

  const server = spawn(process.execPath, [VERITY, 'serve'], { env, stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const challenge = createHash('sha256')
    .update(randomBytes(32).toString('base64url'))
    .digest('base64url');
  const authUrl = () =>
    `${base}/oidc/auth?${new URLSearchParams({
      client_id: client.client_id,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://127.0.0.1:9/cb',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
    })}`;

  const results = [];
  results.push(
    await scenario('GET /healthz', async () => expectStatus(await fetch(`${base}/healthz`), 200)),
  );
  results.push(
    await scenario('GET /.well-known/openid-configuration', async () =>
      expectStatus(
        await fetch(`${base}/.well-known/openid-configuration`, {
          headers: { 'x-forwarded-for': forwardedFor() },
        }),
        200,
      ),
    ),
  );
  results.push(
    await scenario('GET /oidc/jwks', async () =>
      expectStatus(
        await fetch(`${base}/oidc/jwks`, { headers: { 'x-forwarded-for': forwardedFor() } }),
        200,
      ),
    ),
  );
  results.push(
    await scenario('authorization request → request entry → POST /api/requests/:id', async () => {
      const ip = forwardedFor();
      const started = await fetch(authUrl(), {
        redirect: 'manual',
        headers: { 'x-forwarded-for': ip },
      });
      await started.arrayBuffer();
      const cookies = started.headers.getSetCookie().map((c) => c.split(';')[0]);
      const requestPath = started.headers.get('location');
      const entry = await fetch(`${base}${requestPath}`, {
        headers: { cookie: cookies.join('; '), 'x-forwarded-for': ip },
      });
      await entry.arrayBuffer();
      const browser = entry.headers.getSetCookie().map((c) => c.split(';')[0]);
      const info = await fetch(`${base}/api${requestPath}`, {
        method: 'POST',
        headers: { cookie: browser.join('; '), 'x-forwarded-for': ip },
      });
      await expectStatus(info, 200);
    }),
  );
  results.push(
    await scenario('POST /oidc/token (bad client secret, refused)', async () =>
      expectStatus(
        await fetch(`${base}/oidc/token`, {
          method: 'POST',
          headers: {
            'x-forwarded-for': forwardedFor(),
            authorization: `Basic ${Buffer.from(`${client.client_id}:wrong`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body:
            'grant_type=authorization_code&code=x&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&code_verifier=' +
            'a'.repeat(43),
        }),
        401,
      ),
    ),
  );

  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });

  process.stdout.write(
    `\n${CONCURRENCY} in flight, ${DURATION_MS / 1000} s each, SQLite, Node ${process.version}\n\n`,
  );
  process.stdout.write(
    '| Scenario | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n',
  );
  for (const r of results)
    process.stdout.write(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |\n`,
    );
}

await main();
