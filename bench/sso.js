// A returning single sign-on user: a browser with a session and the client's grant starts a
// new authorization request; measured is the elapsed time from that request to the redirect
// to the client with the code, following every hop (redirect) on the way, one request in
// flight. PostgreSQL when BENCH_DATABASE_URL is set (issue 19 item 3 asks for PostgreSQL),
// SQLite otherwise; BENCH_REDIS_URL adds Redis. The server's CPU per sign-on is from /proc.
// Run: npm run build && BENCH_DATABASE_URL=postgres://… node bench/sso.js   (bench/README.md)
import { createHash, randomBytes } from 'node:crypto';
import {
  BASELINE,
  DURATION_MS,
  browser,
  post,
  serverCpuSeconds,
  signUp,
  databaseEnv,
  startVerity,
  summarize,
} from './lib.js';

const PASSWORD = 'correct horse battery staple 42';

/** A browser signed in once at `server` (the client's grant given); one returning sign-on. */
async function ssoSubject(label, server) {
  const { base, client, redirectUri } = server;
  const email = `bench-sso-${randomBytes(4).toString('hex')}@example.com`;
  await signUp(base, email, PASSWORD);
  const send = browser(base);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authUrl = () =>
    `${base}/oidc/auth?${new URLSearchParams({
      client_id: client.client_id,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce: randomBytes(8).toString('hex'),
      state: randomBytes(8).toString('hex'),
    })}`;

  // The first sign-in: the request, the login, the response (the client's grant is given).
  const first = await send(authUrl());
  const requestPath = first.headers.get('location');
  await send(requestPath);
  const requestId = requestPath.split('/').pop();
  await post(send, '/api/login/email', { Email: email, Password: PASSWORD, RequestId: requestId });
  const generated = await (await post(send, '/api/generateresponse', { requestId })).json();
  let location = generated.redirect_Uri;
  while (!location.startsWith(redirectUri))
    location = (await send(location)).headers.get('location');

  /** One returning sign-on: every hop until the redirect to the client; the hops it took. */
  async function signOn() {
    let next = authUrl();
    for (let hops = 1; hops <= 10; hops++) {
      const response = await send(next);
      await response.arrayBuffer();
      next = response.headers.get('location');
      if (!next) throw new Error(`hop ${hops}: ${response.status} without a redirect`);
      if (next.startsWith(redirectUri)) {
        if (!new URL(next).searchParams.get('code')) throw new Error(`no code: ${next}`);
        return hops;
      }
      if (!next.startsWith('http')) next = `${base}${next}`;
      if (!next.startsWith(`${base}/oidc/`))
        throw new Error(`hop ${hops}: to ${next}, a screen (not a returning sign-on)`);
    }
    throw new Error('more than 10 hops');
  }
  for (let i = 0; i < 20; i++) await signOn(); // warm-up
  return { label, server, signOn, latencies: [], hops: new Set(), cpuSeconds: 0, seconds: 0 };
}

const verity = await startVerity(databaseEnv());
const baseline = BASELINE ? await startVerity(databaseEnv(), { root: BASELINE }) : null;
const subjects = [await ssoSubject('this tree', verity)];
if (baseline) subjects.push(await ssoSubject('baseline', baseline));

// One sign-on in flight; with a baseline, the two servers take turns in 1 s windows.
const end = Date.now() + DURATION_MS * 2 * subjects.length;
while (Date.now() < end) {
  for (const subject of subjects) {
    const cpuBefore = serverCpuSeconds(subject.server.pid);
    const started = Date.now();
    while (Date.now() - started < 1000) {
      const t = process.hrtime.bigint();
      subject.hops.add(await subject.signOn());
      subject.latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    subject.seconds += (Date.now() - started) / 1000;
    subject.cpuSeconds += serverCpuSeconds(subject.server.pid) - cpuBefore;
  }
}
await verity.stop();
await baseline?.stop();

process.stdout.write(
  `\nReturning single sign-on, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}${process.env.BENCH_REDIS_URL ? ' and Redis' : ''}, Node ${process.version}, one in flight\n\n` +
    '| Server | hops | sign-ons | per s | mean ms | p50 ms | p95 ms | p99 ms | server CPU ms each |\n|---|---|---|---|---|---|---|---|---|\n',
);
for (const subject of subjects) {
  const { latencies } = subject;
  const r = summarize(latencies, subject.seconds);
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  const cpuMs = (subject.cpuSeconds * 1000) / latencies.length;
  process.stdout.write(
    `| ${subject.label} | ${[...subject.hops].join(', ')} | ${latencies.length} | ${r.perSecond} | ${mean.toFixed(1)} | ${r.p50} | ${r.p95} | ${r.p99} | ${cpuMs.toFixed(2)} |\n`,
  );
}
