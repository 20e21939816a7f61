import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { keySetAt } from '../../oidc/keyLifecycle.js';
import { keyTimings } from '../../oidc/keys.js';
import { databaseTargets } from '../../test/databases.js';
import { testEnv } from '../../test/testServer.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrations } from './index.js';

describe.each(databaseTargets())('migration 0025: staged signing keys (%s)', (target) => {
  let database: DatabaseHandle | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    await cleanup?.();
  });

  it('gives existing keys generations and activation times; the retired ones stay previous', async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    const config = loadConfig(env.env);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      applicationName: config.databaseApplicationName,
      dataDir: config.dataDir,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = database.db as unknown as Kysely<any>;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: config.databaseSchema,
    });
    const before = await migrator.migrateTo('0021_pin_registration_flow');
    expect(before.error).toBeUndefined();
    // Before 0025: a rotation at 2000 retired the first keys and made new ones signing at once.
    const legacy = (kid: string, alg: string, created_at: number, retired_at: number | null) => ({
      kid,
      alg,
      private_jwk: 'encrypted',
      created_at,
      retired_at,
    });
    await db
      .insertInto('signing_keys')
      .values([
        legacy('es-1', 'ES256', 1000, 2000),
        legacy('rs-1', 'RS256', 1000, 2000),
        legacy('es-2', 'ES256', 2000, null),
        legacy('rs-2', 'RS256', 2000, null),
      ])
      .execute();

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const rows = await database.db
      .selectFrom('signing_keys')
      .select(['kid', 'generation', 'activates_at'])
      .orderBy('kid')
      .execute();
    expect(rows.map((row) => [row.kid, Number(row.generation), Number(row.activates_at)])).toEqual([
      ['es-1', 1, 1000],
      ['es-2', 2, 2000],
      ['rs-1', 1, 1000],
      ['rs-2', 2, 2000],
    ]);
    const keys = rows.map((row) => ({
      kid: row.kid,
      alg: row.kid.startsWith('es') ? 'ES256' : 'RS256',
      generation: Number(row.generation),
      activatesAt: Number(row.activates_at),
    }));
    const view = keySetAt(keys, 2001, keyTimings(config).publishedAfterUseMs);
    expect(view.signing.map((key) => key.kid)).toEqual(['es-2', 'rs-2']);
    expect(view.published.map((key) => key.kid)).toEqual(['es-2', 'rs-2', 'es-1', 'rs-1']);
  });
});
