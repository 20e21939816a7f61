import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { databaseTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { Precompiled, preparedStatementNames } from './precompiled.js';

// Statements of the kv table (every value a string), run on both databases.
const put = new Precompiled<{ key: string; value: string; expires: number }, never>((db, p) =>
  db
    .insertInto('kv')
    .values({ key: p('key'), value: p('value'), expires_at: p('expires') })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })),
);
const read = new Precompiled<{ key: string }, { value: string }>((db, p) =>
  // 'x' is a constant of the statement, not a value given at run time.
  db
    .selectFrom('kv')
    .select('value')
    .where('key', '=', p('key'))
    .where('value', '!=', sql<string>`${'x'}`),
);

describe.each(databaseTargets())('precompiled statements (%s)', (dialect) => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const env = testEnv(dialect);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  it('runs with the values of each call, in place of the named parameters', async () => {
    const db = stores.database.db;
    await put.execute(db, { key: 'a', value: 'one', expires: Date.now() + 60_000 });
    await put.execute(db, { key: 'b', value: 'two', expires: Date.now() + 60_000 });
    await put.execute(db, { key: 'c', value: 'x', expires: Date.now() + 60_000 });
    expect(await read.rows(db, { key: 'a' })).toEqual([{ value: 'one' }]);
    expect(await read.rows(db, { key: 'b' })).toEqual([{ value: 'two' }]);
    expect(await read.rows(db, { key: 'c' })).toEqual([]);
    expect(await put.affected(db, { key: 'a', value: 'uno', expires: 0 })).toBe(1);
    expect(await read.rows(db, { key: 'a' })).toEqual([{ value: 'uno' }]);
  });

  it('runs inside a transaction, and its work is undone with it', async () => {
    const db = stores.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await put.execute(trx, { key: 'd', value: 'undone', expires: Date.now() + 60_000 });
        expect(await read.rows(trx, { key: 'd' })).toEqual([{ value: 'undone' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read.rows(db, { key: 'd' })).toEqual([]);
  });

  it('names each statement once, by its SQL, for PostgreSQL to prepare per connection', () => {
    const names = [...preparedStatementNames.values()];
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => /^verity_[0-9a-f]{20}$/.test(name))).toBe(true);
  });
});
