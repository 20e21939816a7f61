import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { listingRaced, openDatabase, schemaCreatedMeanwhile } from './database.js';

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('listingRaced: a migration listing that another schema’s drop broke is tried again', () => {
  it.each([
    ['3F000', 'schema "verity_test_other" does not exist', true],
    ['3F000', 'schema "verity_test_ours" does not exist', false],
    ['42703', 'column "mpin_id" of relation "pin_identities" does not exist', true],
    ['42P01', 'relation "pin_identities" does not exist', true],
    ['23505', 'duplicate key value violates unique constraint', false],
    ['42601', 'syntax error at or near "select"', false],
  ])('%s %s: %s', (code, message, expected) => {
    expect(listingRaced(failure(code, message), 'verity_test_ours')).toBe(expected);
  });

  it('an error without a code is not retried', () => {
    expect(listingRaced(new Error('boom'), 'verity_test_ours')).toBe(false);
  });
});

describe('schemaCreatedMeanwhile: another instance created the schema first', () => {
  it.each([
    ['23505', true],
    ['42P06', true],
    ['42501', false],
    ['3D000', false],
  ])('%s: %s', (code, expected) => {
    expect(schemaCreatedMeanwhile(failure(code, 'x'))).toBe(expected);
  });
});

describe('openDatabase on SQLite', () => {
  it('prepares each statement once: the same SQL run again reuses it (statementCache.ts)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-db-'));
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    const { db } = await openDatabase({ dataDir });
    try {
      const query = sql<{ one: number }>`select ${1} as one`;
      for (let i = 0; i < 3; i++) expect((await query.execute(db)).rows).toEqual([{ one: 1 }]);
      const prepared = prepare.mock.calls.filter(([text]) => text === 'select ? as one');
      expect(prepared).toHaveLength(1);
    } finally {
      prepare.mockRestore();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
