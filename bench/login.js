// Password logins and authorization-code exchanges, each beside its cryptographic floor
// measured in the same run (one argon2id verification; one ES256 signature).
// Run: npm run build && node bench/login.js   (results: bench/README.md)
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT, generateKeyPair } from 'jose';
import { argon2Options } from '../packages/server/dist/features/accounts/passwords.js';
import {
  BASELINE,
  DURATION_MS,
  browser,
  forwardedFor,
  post,
  interleave,
  printTable,
  scenario,
  serverWindow,
  signUp,
  startFloor,
  databaseEnv,
  startVerity,
  summarize,
} from './lib.js';

const PASSWORD = 'correct horse battery staple 42';

async function floor(name, work, iterations) {
  const latencies = [];
  const started = Date.now();
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await work();
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return {
    name,
    concurrency: 1,
    ...summarize(latencies, (Date.now() - started) / 1000),
    errors: 0,
  };
}

const verity = await startVerity(databaseEnv());
const { base, client, redirectUri } = verity;
const email = `bench-${randomBytes(4).toString('hex')}@example.com`;

// A verified user, signed up through the API.
await signUp(base, email, PASSWORD);

const rows = [];
const stored = await hash(PASSWORD, argon2Options);
rows.push(
  await floor(
    'one argon2id verification (m=19456 KiB, t=2, p=1), in-process',
    () => verify(stored, PASSWORD),
    40,
  ),
);

// CPU per login: the server's CPU time over its windows of logins, beside the floor's (one
// argon2id verification with the same parameters, in a child process of this bench) over
// windows of its own at the same number in flight, interleaved with the logins' windows (and
// with a BENCH_BASELINE server's, when given).
// One account per login in flight: a password check holds its account's turn (one at a time
// per account, passwordThrottle.ts), so parallel logins to one account are refused by design.
async function loginSubject(label, server, first) {
  const accounts = first ? [first] : [];
  while (accounts.length < 4) {
    accounts.push(`bench-${randomBytes(4).toString('hex')}@example.com`);
    await signUp(server.base, accounts.at(-1), PASSWORD);
  }
  const free = [...accounts];
  const loginOnce = async () => {
    const account = free.pop();
    try {
      const response = await post(browser(server.base), '/api/login/email', {
        Email: account,
        Password: PASSWORD,
      });
      const body = await response.json();
      if (body.failed !== false) throw new Error(`login failed: ${JSON.stringify(body)}`);
    } finally {
      free.push(account);
    }
  };
  return { label, server, loginOnce };
}
const subjects = [await loginSubject('this tree', verity, email)];
const baseline = BASELINE ? await startVerity(databaseEnv(), { root: BASELINE }) : null;
if (baseline) subjects.push(await loginSubject('baseline', baseline));
const argon2 = await startFloor('argon2');
const cpuRows = [];
for (const concurrency of [1, 2, 4]) {
  const state = new Map(
    subjects.map((s) => [s.label, { latencies: [], failures: { count: 0 }, seconds: 0 }]),
  );
  const totals = await interleave([
    ...subjects.map((subject) => ({
      label: subject.label,
      run: async (ms) => {
        const { latencies, failures } = state.get(subject.label);
        const t = Date.now();
        const result = await serverWindow(subject.server.pid, subject.loginOnce, {
          concurrency,
          ms,
          latencies,
          failures,
        });
        state.get(subject.label).seconds += (Date.now() - t) / 1000;
        return result;
      },
    })),
    { label: 'floor', run: (ms) => argon2.run(ms, concurrency) },
  ]);
  for (const subject of subjects) {
    const { latencies, failures, seconds } = state.get(subject.label);
    if (failures.first)
      process.stderr.write(
        `login (${subject.label}): ${failures.count} errors, first: ${failures.first.message}\n`,
      );
    rows.push({
      name: `POST /api/login/email (right password), ${subject.label}`,
      concurrency,
      ...summarize(latencies, seconds),
      errors: failures.count,
    });
    cpuRows.push({
      label: subject.label,
      concurrency,
      login: totals.get(subject.label),
      hashFloor: totals.get('floor'),
    });
  }
}
argon2.stop();

// BENCH_ONLY=password: the password logins alone (the code exchanges are the grants bench's).
const passwordOnly = process.env.BENCH_ONLY === 'password';

// A browser with a session and a grant: each authorization request then returns a code at once.
if (!passwordOnly) {
  const sso = browser(base);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authUrl = () =>
    `${base}/oidc/auth?${new URLSearchParams({ client_id: client.client_id, response_type: 'code', scope: 'openid', redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256', nonce: 'n' })}`;
  const first = await sso(authUrl());
  const requestPath = first.headers.get('location');
  await sso(requestPath);
  const requestId = requestPath.split('/').pop();
  await post(sso, '/api/login/email', { Email: email, Password: PASSWORD, RequestId: requestId });
  const generated = await (await post(sso, '/api/generateresponse', { requestId })).json();
  let location = generated.redirect_Uri;
  while (!location.startsWith(redirectUri))
    location = (await sso(location)).headers.get('location');

  const mint = async () =>
    new URL((await sso(authUrl())).headers.get('location')).searchParams.get('code');
  const { privateKey } = await generateKeyPair('ES256');
  rows.push(
    await floor(
      'one ES256 signature (jose), in-process',
      () => new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).sign(privateKey),
      2000,
    ),
  );
  const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
  for (const concurrency of [1, 4]) {
    const codes = [];
    const mintUntil = Date.now() + Math.min(DURATION_MS, 20_000);
    while (Date.now() < mintUntil && codes.length < 2000)
      codes.push(...(await Promise.all([mint(), mint(), mint(), mint()])));
    rows.push(
      await scenario(
        `POST /oidc/token, authorization_code (pool of ${codes.length} codes)`,
        async () => {
          const next = codes.pop();
          if (!next) return new Promise((resolve) => setTimeout(resolve, 5));
          const response = await fetch(`${base}/oidc/token`, {
            method: 'POST',
            headers: {
              authorization: basic,
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': forwardedFor(),
            },
            body: new URLSearchParams({
              grant_type: 'authorization_code',
              code: next,
              redirect_uri: redirectUri,
              code_verifier: verifier,
            }),
          });
          const body = await response.json();
          if (!body.id_token) throw new Error(JSON.stringify(body));
        },
        concurrency,
        Math.min(DURATION_MS, 10_000),
      ),
    );
  }
}
await verity.stop();
await baseline?.stop();
printTable(`Logins and code exchanges, SQLite, Node ${process.version}`, rows);
process.stdout.write(
  `\nCPU per password login (server, /proc) beside one argon2id verification (child process), same number in flight, windows interleaved\n\n` +
    '| server | in flight | logins | server CPU ms per login | verifications | CPU ms per verification | login / verification |\n|---|---|---|---|---|---|---|\n',
);
for (const { label, concurrency, login, hashFloor } of cpuRows) {
  process.stdout.write(
    `| ${label} | ${concurrency} | ${login.ops} | ${login.cpuMsPerOp.toFixed(2)} | ${hashFloor.ops} | ${hashFloor.cpuMsPerOp.toFixed(2)} | ${(login.cpuMsPerOp / hashFloor.cpuMsPerOp).toFixed(2)} |\n`,
  );
}
