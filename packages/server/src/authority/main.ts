// The PIN authority service: `node packages/server/dist/authority/main.js` (or
// `node packages/server/bin/verity-authority.js`), configured by PIN_AUTHORITY_* settings from
// the environment or .env (docs/configuration.md).
import { ConfigError, readEnv } from '../config.js';
import { logToStderr } from '../logging/jsonLine.js';
import { loadAuthorityConfig } from './config.js';
import { buildAuthorityService } from './service.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadAuthorityConfig(readEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      logToStderr('fatal', error.message);
      return 2;
    }
    throw error;
  }
  const app = buildAuthorityService(config);
  await app.listen({ host: config.host, port: config.port });
  await new Promise<void>((resolve) => {
    const stop = () => void app.close().finally(resolve);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}

process.exitCode = await main();
