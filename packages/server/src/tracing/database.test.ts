import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { statementKind } from './database.js';

const db = new Kysely<{ users: { id: string; email: string } }>({
  dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
});

describe('statementKind', () => {
  it.each<[string, CompiledQuery, string]>([
    ['select', db.selectFrom('users').selectAll().where('email', '=', 'a@b.c').compile(), 'SELECT'],
    ['insert', db.insertInto('users').values({ id: '1', email: 'a@b.c' }).compile(), 'INSERT'],
    ['update', db.updateTable('users').set({ email: 'a@b.c' }).compile(), 'UPDATE'],
    ['delete', db.deleteFrom('users').where('id', '=', '1').compile(), 'DELETE'],
    ['raw begin', CompiledQuery.raw('begin'), 'BEGIN'],
    ['raw with spaces', CompiledQuery.raw('  commit'), 'COMMIT'],
    ['raw without a word', CompiledQuery.raw('(select 1)'), 'QUERY'],
  ])('%s', (_name, query, kind) => {
    expect(statementKind(query)).toBe(kind);
  });

  it('never carries the parameters', () => {
    const query = db.selectFrom('users').selectAll().where('email', '=', 'a@b.c').compile();
    expect(query.parameters).toEqual(['a@b.c']);
    expect(statementKind(query)).not.toContain('a@b.c');
  });
});
