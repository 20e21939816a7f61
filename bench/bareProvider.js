// The reference of bench/grantCpu.js: a bare oidc-provider 9 in Fastify (@fastify/middie, as
// Verity mounted it until 2026-11-29; kept, so the reference stays the issue's), with
// oidc-provider's own in-memory adapter and one confidential client.
// Its adapter is oidc-provider's own in-memory one over an LRU store of a million entries
// (the default's thousand would evict grants in mid-run).
// Configured as Verity is where it changes a grant's work: PKCE, ES256 ID tokens,
// client_secret_basic, rotating refresh tokens, a 60 s code. Its interaction logs the user in
// and grants what was asked without a screen (only for minting codes; not what is measured).
// Run by the bench: `node bench/bareProvider.js` prints {"port":...,"client":{...}} and serves
// until SIGTERM.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import middie from '@fastify/middie';
import { generateKeyPair, exportJWK } from 'jose';
import Provider from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import LRU from 'oidc-provider/lib/helpers/lru.js';

const store = new LRU({ maxSize: 1_000_000 });

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'bench' };
const client = {
  client_id: randomBytes(16).toString('base64url'),
  client_secret: randomBytes(32).toString('base64url'),
  redirect_uris: ['http://127.0.0.1:9/cb'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
  id_token_signed_response_alg: 'ES256',
};

const app = Fastify({ logger: false });
await app.register(middie);
/** Built once the port is known (the issuer names it); the routes below reach it then. */
let provider;
let callback;

app.get('/interaction/:uid', async (request, reply) => {
  const details = await provider.interactionDetails(request.raw, reply.raw);
  const grant = new provider.Grant({ accountId: 'bench-user', clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
    login: { accountId: 'bench-user' },
    consent: { grantId },
  });
  return reply.redirect(redirectTo, 303);
});
app.use((req, res, next) => {
  const pathname = (req.url ?? '/').split('?')[0];
  if (pathname.startsWith('/oidc/') || pathname.startsWith('/.well-known/'))
    return void callback(req, res);
  next();
});

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
const issuer = `http://localhost:${port}`;

provider = new Provider(issuer, {
  adapter: (model) => new MemoryAdapter(model, store),
  clients: [client],
  jwks: { keys: [jwk] },
  routes: { authorization: '/oidc/auth', token: '/oidc/token', jwks: '/oidc/jwks' },
  scopes: ['openid', 'offline_access'],
  pkce: { required: () => true },
  rotateRefreshToken: true,
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  ttl: { AuthorizationCode: 60 },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
});

callback = provider.callback();

process.stdout.write(`${JSON.stringify({ port, client })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
