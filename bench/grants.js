// One confidential client, calling from one address, sustains code exchanges and refreshes at
// the per-core grant rate with the default rate limits (issue 18 item 2): no call may get 429.
// The rate is issue 19's, 1000 / (1.5 x the bare oidc-provider's ms per grant); the bare
// provider is not measured here, its 0.87 ms per code exchange from issue 19 is used
// (BARE_GRANT_MS to change it). Offered open-loop, paced; a server slower than the rate on this
// machine shows as an achieved rate below the offered one, never as refusals.
// Run: npm run build && node bench/grants.js   (results: bench/README.md)
// Settings: BENCH_SECONDS (default 30: past the rate limits' one-minute window at 766/s ...
// counts 23,000 calls), BENCH_CONCURRENCY (calls in flight at most, default 32).
import { createHash, randomBytes } from 'node:crypto';
import {
  browser,
  databaseEnv,
  post,
  serverCpuSeconds,
  signUp,
  startVerity,
  summarize,
} from './lib.js';

const PASSWORD = 'correct horse battery staple 42';
const BARE_GRANT_MS = Number(process.env.BARE_GRANT_MS ?? 0.87);
const RATE = Math.floor(1000 / (1.5 * BARE_GRANT_MS));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** The relying party's back end: every token call from this one address. */
const ADDRESS = '198.18.200.1';

const verity = await startVerity(databaseEnv());
const { base, client, redirectUri } = verity;
const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
await signUp(base, email, PASSWORD);
const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;

const token = (params) =>
  fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: basic,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ADDRESS,
    },
    body: new URLSearchParams(params),
  });

// A browser signed in with a grant for the client; codes are then minted without a screen.
const sso = browser(base);
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const authUrl = (extra = {}) =>
  `${base}/oidc/auth?${new URLSearchParams({ client_id: client.client_id, response_type: 'code', scope: 'openid', redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256', nonce: 'n', ...extra })}`;
/** One sign-in through the screens (login once, then consent only); the callback's code. */
async function codeThroughScreens(extra) {
  const first = await sso(authUrl(extra));
  let location = first.headers.get('location');
  if (!location.startsWith(redirectUri)) {
    await sso(location);
    const requestId = location.split('/').pop();
    await post(sso, '/api/login/email', { Email: email, Password: PASSWORD, RequestId: requestId });
    const generated = await (await post(sso, '/api/generateresponse', { requestId })).json();
    location = generated.redirect_Uri;
    while (!location.startsWith(redirectUri))
      location = (await sso(location)).headers.get('location');
  }
  return new URL(location).searchParams.get('code');
}
const exchange = (code) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });

// One refresh-token chain per call in flight (each refresh rotates the token it uses).
const chains = [];
for (let i = 0; i < IN_FLIGHT; i++) {
  const code = await codeThroughScreens({ scope: 'openid offline_access', prompt: 'consent' });
  const body = await (await exchange(code)).json();
  if (!body.refresh_token) throw new Error(`no refresh token: ${JSON.stringify(body)}`);
  chains.push(body.refresh_token);
}
// Codes for half the calls, minted beforehand (their minting is not what is measured).
const codes = [];
const mintUntil = Date.now() + 30_000;
while (codes.length < (RATE * SECONDS) / 2 && Date.now() < mintUntil) {
  const minted = await Promise.all(
    Array.from({ length: 8 }, async () =>
      new URL((await sso(authUrl())).headers.get('location')).searchParams.get('code'),
    ),
  );
  codes.push(...minted);
}

const outcomes = { exchange: 0, refresh: 0, refused: 0, failed: 0 };
const latencies = [];
let firstFailure;
let sent = 0;
const started = Date.now();
const end = started + SECONDS * 1000;
const cpuBefore = serverCpuSeconds(verity.pid);
const worker = async (chain) => {
  for (;;) {
    // Paced: call number n leaves at n / RATE seconds, or as soon as a slot is free after it.
    const due = started + (sent / RATE) * 1000;
    if (due >= end || Date.now() >= end) return;
    sent++;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const code = sent % 2 === 0 ? codes.pop() : undefined;
    const kind = code ? 'exchange' : 'refresh';
    const t0 = process.hrtime.bigint();
    const response = await (code
      ? exchange(code)
      : token({ grant_type: 'refresh_token', refresh_token: chains[chain] }));
    const body = await response.json();
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (response.status === 429) outcomes.refused++;
    else if (response.status !== 200 || !body.id_token) {
      outcomes.failed++;
      firstFailure ??= `${response.status} ${JSON.stringify(body)}`;
    } else {
      outcomes[kind]++;
      if (body.refresh_token) chains[chain] = body.refresh_token;
    }
  }
};
await Promise.all(chains.map((_, chain) => worker(chain)));
const seconds = (Date.now() - started) / 1000;
const cpu = serverCpuSeconds(verity.pid);
await verity.stop();

const granted = outcomes.exchange + outcomes.refresh;
const stats = summarize(latencies, seconds);
process.stdout.write(
  `\nOne confidential client from one address, SQLite, Node ${process.version}, ${SECONDS} s\n\n` +
    `| offered per s | granted per s | exchanges | refreshes | 429 | other errors | p50 ms | p95 ms | p99 ms | server CPU ms per grant |\n` +
    `|---|---|---|---|---|---|---|---|---|---|\n` +
    `| ${RATE} | ${Math.round(granted / seconds)} | ${outcomes.exchange} | ${outcomes.refresh} | ${outcomes.refused} | ${outcomes.failed} | ${stats.p50} | ${stats.p95} | ${stats.p99} | ${cpu !== null && cpuBefore !== null && granted ? (((cpu - cpuBefore) * 1000) / granted).toFixed(2) : 'n/a'} |\n`,
);
if (firstFailure) process.stderr.write(`first failure: ${firstFailure}\n`);
if (outcomes.refused > 0) process.exitCode = 1;
