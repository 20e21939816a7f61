import type { Config } from './config.js';
import { FieldEncryption } from './crypto/fieldEncryption.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { ClientStore } from './features/clients/store.js';
import { keyTimings, SigningKeyStore, type SigningKeyMaker } from './oidc/keys.js';
import { loadSecrets } from './secrets.js';

/** Opens (and migrates) the database and the stores the command-line tools need; no provider. */
export async function openStores(
  config: Config,
  now: () => number = Date.now,
  /** How new signing keys are made; tests hand out keys made once (test/signingKeys.ts). */
  makeKey?: SigningKeyMaker,
) {
  const secrets = loadSecrets(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    applicationName: config.databaseApplicationName,
    dataDir: config.dataDir,
    traced: config.otlpEndpoint !== undefined,
  });
  await migrateToLatest(database.db);
  const encryption = new FieldEncryption(secrets.dataKey);
  return {
    secrets,
    database,
    encryption,
    clients: new ClientStore(database.db, encryption, Date.now, config.clientCacheSeconds * 1000),
    keys: new SigningKeyStore(database.db, encryption, keyTimings(config), now, makeKey),
  };
}
