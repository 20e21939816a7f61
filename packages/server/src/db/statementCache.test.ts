import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cachingStatements } from './statementCache.js';

interface Db {
  items: { id: number; name: string };
}

describe('cachingStatements: better-sqlite3 statements kept by SQL text', () => {
  let database: SQLite.Database;
  let prepare: MockInstance<(source: string) => SQLite.Statement>;
  let db: Kysely<Db>;

  beforeEach(async () => {
    database = new SQLite(':memory:');
    prepare = vi.spyOn(database, 'prepare') as unknown as typeof prepare;
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: cachingStatements(database) }) });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    prepare.mockClear();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const byId = (id: number) =>
    db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();

  it('the same SQL reuses its statement, with the new values each time', async () => {
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    await db.insertInto('items').values({ id: 2, name: 'two' }).execute();
    expect(await byId(1)).toEqual({ name: 'one' });
    expect(await byId(2)).toEqual({ name: 'two' });
    expect(await byId(3)).toBeUndefined();
    // One insert statement and one select statement, each prepared once.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('different SQL gets a statement of its own', async () => {
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    await byId(1);
    await db.selectFrom('items').select('id').where('name', '=', 'one').execute();
    await db.deleteFrom('items').where('id', '=', 1).execute();
    expect(prepare).toHaveBeenCalledTimes(4);
    expect(new Set(prepare.mock.calls.map(([text]) => text)).size).toBe(4);
  });

  it('works inside transactions: committed and rolled back work is what it should be', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, name: 'kept' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, name: 'undone' }).execute();
        expect(
          await trx.selectFrom('items').select('name').where('id', '=', 2).executeTakeFirst(),
        ).toEqual({ name: 'undone' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 3, name: 'again' }).execute();
    });
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([
      { name: 'kept' },
      { name: 'again' },
    ]);
    // begin, insert, commit, select, rollback: each prepared once however often it ran.
    const texts = prepare.mock.calls.map(([text]) => text);
    expect(texts.length).toBe(new Set(texts).size);
  });

  it('a statement busy in an iteration is not handed out: the caller gets a fresh one', async () => {
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    const cache = cachingStatements(database);
    const text = 'select name from items';
    const first = cache.prepare(text) as SQLite.Statement;
    const rows = first.iterate();
    rows.next();
    expect(first.busy).toBe(true);
    expect(cache.prepare(text)).not.toBe(first);
    rows.return?.();
    expect(cache.prepare(text)).toBe(first);
  });

  it('keeps at most the given number of statements, dropping the least recently used', () => {
    const cache = cachingStatements(database, 2);
    const first = cache.prepare('select 1');
    cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(first);
    cache.prepare('select 3'); // drops 'select 2', used less recently than 'select 1'
    expect(cache.prepare('select 1')).toBe(first);
    prepare.mockClear();
    cache.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});
