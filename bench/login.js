// Password logins and authorization-code exchanges, each beside its cryptographic floor
// measured in the same run (one argon2id verification; one ES256 signature).
// Run: npm run build && node bench/login.js   (results: bench/README.md)
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SignJWT, generateKeyPair } from 'jose';
import { argon2Options } from '../packages/server/dist/features/accounts/passwords.js';
import {
  DURATION_MS,
  browser,
  forwardedFor,
  post,
  printTable,
  scenario,
  signUp,
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

const verity = await startVerity();
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
for (const concurrency of [1, 2, 4]) {
  rows.push(
    await scenario(
      'POST /api/login/email (right password)',
      async () => {
        const response = await post(browser(base), '/api/login/email', {
          Email: email,
          Password: PASSWORD,
        });
        const body = await response.json();
        if (body.failed !== false) throw new Error(`login failed: ${JSON.stringify(body)}`);
      },
      concurrency,
    ),
  );
}

// A browser with a session and a grant: each authorization request then returns a code at once.
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
while (!location.startsWith(redirectUri)) location = (await sso(location)).headers.get('location');

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
await verity.stop();
printTable(`Logins and code exchanges, SQLite, Node ${process.version}`, rows);
