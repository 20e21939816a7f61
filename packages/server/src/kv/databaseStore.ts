import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KeyValueStore } from './keyValueStore.js';

export class DatabaseKeyValueStore implements KeyValueStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('kv')
      .select('value')
      .where('key', '=', key)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const expires_at = this.now() + ttlSeconds * 1000;
    await this.db
      .insertInto('kv')
      .values({ key, value, expires_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('kv').where('key', '=', key).execute();
  }

  /** One DELETE … RETURNING: the row goes to whichever statement deletes it first. */
  async take(key: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('kv')
      .where('key', '=', key)
      .returning(['value', 'expires_at'])
      .executeTakeFirst();
    return row && Number(row.expires_at) > this.now() ? row.value : null;
  }

  /** One atomic statement on both SQLite and PostgreSQL: an expired counter restarts at 1. */
  async increment(key: string, ttlSeconds: number): Promise<number> {
    const now = this.now();
    const row = await this.db
      .insertInto('kv')
      .values({ key, value: '1', expires_at: now + ttlSeconds * 1000 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: sql<string>`case when kv.expires_at <= ${now} then '1' else cast(cast(kv.value as integer) + 1 as varchar(32)) end`,
          expires_at: sql<number>`case when kv.expires_at <= ${now} then excluded.expires_at else kv.expires_at end`,
        }),
      )
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('kv')
      .where('expires_at', '<=', this.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {}
}
