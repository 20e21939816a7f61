import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept at most; the least recently used goes first (SQL built with varying lists). */
const DEFAULT_MAX = 500;

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with each prepared statement kept by its
 * SQL text: Kysely prepares every statement it runs, and preparing (parsing and planning) cost
 * more than running the small statements of the token endpoint. A statement runs to completion
 * inside one synchronous call (`all`, `run`), so one statement serves every caller, inside a
 * transaction or not; only one being iterated (Kysely's `stream()`) is busy, and then a fresh
 * statement is prepared for that call. SQLite prepares a statement again by itself when the
 * schema changed under it (a migration).
 */
export function cachingStatements(database: SQLite.Database, max = DEFAULT_MAX): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: Map keeps insertion order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
