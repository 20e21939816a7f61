import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { KeyValueStore } from './keyValueStore.js';
import { Precompiled } from '../db/precompiled.js';

// The statements every rate-limited call runs, built and compiled once (db/precompiled.ts).
const getValue = new Precompiled<{ key: string; now: number }, { value: string }>((db, p) =>
  db
    .selectFrom('kv')
    .select('value')
    .where('key', '=', p('key'))
    .where('expires_at', '>', p('now')),
);
const setValue = new Precompiled<{ key: string; value: string; expires_at: number }, never>(
  (db, p) =>
    db
      .insertInto('kv')
      .values({ key: p('key'), value: p('value'), expires_at: p('expires_at') })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: (eb) => eb.ref('excluded.value'),
          expires_at: (eb) => eb.ref('excluded.expires_at'),
        }),
      ),
);
type IncrementValues = {
  key: string;
  step: string;
  stepNumber: number;
  now: number;
  expires_at: number;
} & Record<`read${number}`, string>;

/**
 * The counter's increment, returning its new value and, in the same statement, the live values
 * of `reads` other keys (`read0`, `read1`, …; a subquery each in RETURNING, which both
 * databases allow): one statement per count of keys read, each compiled once.
 */
const incrementReading = (reads: number) =>
  new Precompiled<IncrementValues, { value: string } & Record<string, string | null>>((db, p) =>
    db
      .insertInto('kv')
      .values({ key: p('key'), value: p('step'), expires_at: p('expires_at') })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: sql<string>`case when kv.expires_at <= ${p('now')} then excluded.value else cast(cast(kv.value as integer) + cast(${p('stepNumber')} as integer) as varchar(32)) end`,
          expires_at: sql<number>`case when kv.expires_at <= ${p('now')} then excluded.expires_at else kv.expires_at end`,
        }),
      )
      .returning((eb) => [
        'value',
        ...Array.from({ length: reads }, (_, i) =>
          eb
            .selectFrom('kv as other')
            .select('other.value')
            .where('other.key', '=', p(`read${i}`))
            .where('other.expires_at', '>', p('now'))
            .as(`read${i}`),
        ),
      ]),
  );
const incrementValue = incrementReading(0);
const incrementsReading = new Map<number, ReturnType<typeof incrementReading>>();

export class DatabaseKeyValueStore implements KeyValueStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | null> {
    const [row] = await getValue.rows(this.db, { key, now: this.now() });
    return row?.value ?? null;
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('kv')
      .select(['key', 'value'])
      .where('key', 'in', keys)
      .where('expires_at', '>', this.now())
      .execute();
    const values = new Map(rows.map((row) => [row.key, row.value]));
    return keys.map((key) => values.get(key) ?? null);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const expires_at = this.now() + ttlSeconds * 1000;
    await setValue.execute(this.db, { key, value, expires_at });
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
  async increment(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const now = this.now();
    const step = Math.trunc(by);
    const [row] = await incrementValue.rows(this.db, {
      key,
      step: String(step),
      stepNumber: step,
      now,
      expires_at: now + ttlSeconds * 1000,
    });
    return Number(row!.value);
  }

  /** One statement: the increment's INSERT … RETURNING reads the other keys too. */
  async incrementAndRead(key: string, ttlSeconds: number, by: number, readKeys: string[]) {
    let statement = incrementsReading.get(readKeys.length);
    if (!statement)
      incrementsReading.set(readKeys.length, (statement = incrementReading(readKeys.length)));
    const now = this.now();
    const step = Math.trunc(by);
    const values: Record<string, unknown> = {
      key,
      step: String(step),
      stepNumber: step,
      now,
      expires_at: now + ttlSeconds * 1000,
    };
    readKeys.forEach((readKey, i) => (values[`read${i}`] = readKey));
    const [row] = await statement.rows(this.db, values as IncrementValues);
    return {
      count: Number(row!.value),
      values: readKeys.map((_, i) => row![`read${i}`] ?? null),
    };
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
