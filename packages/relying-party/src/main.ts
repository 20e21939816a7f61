/**
 * Demo relying party for Verity. Settings come from the environment (see config.ts):
 * RP_PORT, RP_HOST, RP_URL, ISSUER, RP_CLIENT_ID, RP_CLIENT_SECRET, LOG_LEVEL.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type RelyingPartyConfig } from './config.js';
import { connectToIssuer } from './issuer.js';

function readConfig(): RelyingPartyConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`relying-party: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();

const issuer = connectToIssuer(config);
const app = await buildApp({
  config,
  issuer,
  // Random per process: sessions live in memory too, so a restart signs everyone out anyway.
  cookieSecret: randomBytes(32).toString('base64url'),
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    serializers: {
      // Never log query strings: /callback carries the authorization code and state.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
      }),
    },
  },
});

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));

await app.listen({ port: config.port, host: config.host });
app.log.info(`demo relying party at ${config.rpUrl}, signing in with ${config.issuer.href}`);

// Discover early so a wrong ISSUER shows in the log at once; requests retry if this fails.
issuer().catch((error: unknown) => {
  app.log.warn(
    { err: error },
    `could not yet read Verity's discovery document at ${config.issuer.href}; will retry on sign-in`,
  );
});
