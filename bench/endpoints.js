// Latency and throughput of Verity's hot endpoints, against the built server on loopback.
// Run: npm run build && node bench/endpoints.js   (results: bench/README.md)
import { createHash, randomBytes } from 'node:crypto';
import {
  databaseEnv,
  expectStatus,
  forwardedFor,
  printTable,
  scenario,
  startVerity,
} from './lib.js';

const verity = await startVerity(databaseEnv());
const { base, client } = verity;
const challenge = createHash('sha256')
  .update(randomBytes(32).toString('base64url'))
  .digest('base64url');
const authUrl = () =>
  `${base}/oidc/auth?${new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: verity.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  })}`;
const get = (path) => fetch(`${base}${path}`, { headers: { 'x-forwarded-for': forwardedFor() } });

const rows = [];
rows.push(await scenario('GET /healthz', async () => expectStatus(await get('/healthz'), 200)));
rows.push(
  await scenario('GET /.well-known/openid-configuration', async () =>
    expectStatus(await get('/.well-known/openid-configuration'), 200),
  ),
);
rows.push(await scenario('GET /oidc/jwks', async () => expectStatus(await get('/oidc/jwks'), 200)));
rows.push(
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
    await expectStatus(
      await fetch(`${base}/api${requestPath}`, {
        method: 'POST',
        headers: { cookie: browser.join('; '), 'x-forwarded-for': ip },
      }),
      200,
    );
  }),
);
rows.push(
  await scenario('POST /oidc/token (bad client secret, refused)', async () =>
    expectStatus(
      await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: {
          'x-forwarded-for': forwardedFor(),
          authorization: `Basic ${Buffer.from(`${client.client_id}:wrong`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `grant_type=authorization_code&code=x&redirect_uri=${encodeURIComponent(verity.redirectUri)}&code_verifier=${'a'.repeat(43)}`,
      }),
      401,
    ),
  ),
);
await verity.stop();
printTable(`Endpoints, SQLite, Node ${process.version}`, rows);
