import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The databases an integration suite runs against: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. In CI (CI=true) PostgreSQL is required: a missing database
 * fails the run rather than silently skipping the suite.
 */
export function databaseTargets(): Array<'sqlite' | 'postgres'> {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI)
    throw new Error('CI requires TEST_DATABASE_URL: the PostgreSQL suites must run');
  return ['sqlite'];
}

export function redisTargets(): string[] {
  if (process.env.TEST_REDIS_URL) return [process.env.TEST_REDIS_URL];
  if (process.env.CI) throw new Error('CI requires TEST_REDIS_URL: the Redis suites must run');
  return [];
}

/** A fresh schema name per test context, dropped afterwards. */
export function freshSchemaName(): string {
  return `verity_test_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
