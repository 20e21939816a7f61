import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { resilientPool, type ConnectionLostLog } from './resilientPool.js';
import type { Database } from './schema.js';
import { logToStderr } from '../logging/jsonLine.js';
import { tracedDialect } from '../tracing/database.js';
import { cachingStatements } from './statementCache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it, SQLite in dataDir. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created when missing); tests use one per run. */
  schema?: string | undefined;
  dataDir: string;
  /** PostgreSQL's application_name of this process's connections (pg_stat_activity). */
  applicationName?: string | undefined;
  /** Where a lost PostgreSQL connection is reported; the process carries on. */
  onConnectionLost?: ConnectionLostLog;
  /** A span around each statement of a traced request (only with OpenTelemetry set up). */
  traced?: boolean;
}

/** How long to wait for a new PostgreSQL connection before the call fails. */
const CONNECT_TIMEOUT_MS = 5_000;

/** A lost connection, as one JSON log line (PostgreSQL's message names no person). */
const logConnectionLost: ConnectionLostLog = (error) => {
  const code = (error as { code?: unknown }).code;
  logToStderr('warn', 'database connection lost', { code, err: error.message });
};

// int8 (bigint) columns hold millisecond times, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema) {
      const setup = new pg.Client({ connectionString: options.databaseUrl });
      await setup.connect();
      try {
        await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      } catch (error) {
        // IF NOT EXISTS is no lock: instances starting at once on an empty database can both
        // try to create it, and the later one fails on pg_namespace's unique index (23505)
        // or with 42P06. Either way the schema is there now.
        if (!schemaCreatedMeanwhile(error)) throw error;
      } finally {
        await setup.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      application_name: options.applicationName ?? 'verity',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    });
    const dialect = new PostgresDialect({
      pool: resilientPool(pool, options.onConnectionLost ?? logConnectionLost),
    });
    return {
      db: new Kysely<Database>({
        dialect: options.traced ? tracedDialect(dialect, 'postgresql') : dialect,
      }),
      dialect: 'postgres',
    };
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'verity.sqlite');
  const database = new SQLite(file);
  chmodSync(file, 0o600);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // A checkpoint every 10,000 pages of WAL (about 40 MB) rather than 1,000: each copies every
  // page written since the last one back to the database file and syncs both files, and the
  // token endpoint rewrites the same few pages (the newest token rows, the counters) over and
  // over, so fewer checkpoints copy far fewer pages (issue 19: a write about 25% cheaper).
  database.pragma('wal_autocheckpoint = 10000');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Each statement prepared once and kept (statementCache.ts).
  const dialect = new SqliteDialect({ database: cachingStatements(database) });
  return {
    db: new Kysely<Database>({
      dialect: options.traced ? tracedDialect(dialect, 'sqlite') : dialect,
    }),
    dialect: 'sqlite',
  };
}

export const schemaCreatedMeanwhile = (error: unknown) =>
  ['23505', '42P06'].includes(String((error as { code?: unknown }).code));

/**
 * PostgreSQL's schema in use (the search path's first). Kysely's migrator otherwise looks for
 * its own tables in every schema, and one in another schema of the same database (another
 * instance's, a parallel test run's) would stop it creating its lock table in this one.
 */
async function migrationSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Kysely's migrator looks for its tables by listing every table and column of every schema in
 * the database (pg_catalog joined with pg_get_serial_sequence, which looks each column up
 * afresh). A schema dropped while that listing runs (another instance's or test run's) fails
 * it though nothing of ours is wrong: 3F000 for the schema, or 42P01 / 42703 for a table or
 * column the catalog snapshot still showed. Such a failure is tried again; PostgreSQL runs
 * each migration in a transaction, so a retry never finds one half done.
 */
const MIGRATION_TRIES = 5;
const LISTING_RACE_CODES = new Set(['3F000', '42P01', '42703']);
export const listingRaced = (error: unknown, ours: string | undefined) =>
  LISTING_RACE_CODES.has(String((error as { code?: unknown }).code)) &&
  !(ours && (error as Error).message.includes(`"${ours}"`));

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (error && attempt < MIGRATION_TRIES && listingRaced(error, schema)) continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName);
  }
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
