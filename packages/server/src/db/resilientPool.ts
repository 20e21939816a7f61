import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { preparedStatementNames } from './precompiled.js';

/** Where the pool reports connections it lost (the process keeps running). */
export type ConnectionLostLog = (error: Error) => void;

// SQLSTATE class 08 (connection exception), 57P01 to 57P03 (the server terminated the
// connection, crashed, or cannot take connections yet), and the socket's own errors.
const lostCodes = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED']);
const lostMessages =
  /Connection terminated|not queryable|connection error|Connection ended|timeout exceeded when trying to connect/i;

/** Whether an error says the connection failed, not the statement: a read may be retried. */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || lostCodes.has(code))) return true;
  return lostMessages.test(error.message);
}

/**
 * A read outside a transaction, safe to run again on another connection: it changes nothing
 * (Kysely compiles every select to SQL starting with `select`; locking reads live in
 * transactions).
 */
function isRetryableRead(sql: string, inTransaction: boolean): boolean {
  return !inTransaction && /^\s*select\b/i.test(sql) && !/\bfor\s+(update|share)\b/i.test(sql);
}

/**
 * The pg pool as Kysely sees it, surviving lost connections (PostgreSQL restarted, a failover,
 * `pg_terminate_backend`): every client has an error listener, so a connection that dies while
 * idle or checked out is logged and dropped, never an uncaught 'error' that ends the process;
 * a read outside a transaction that fails because its connection was lost runs again on a fresh
 * connection. Writes and transactions are not retried: their error reaches the caller.
 */
export function resilientPool(pool: pg.Pool, log: ConnectionLostLog): PostgresPool {
  pool.on('error', (error) => log(error));
  pool.on('connect', (client) => client.on('error', (error) => log(error)));
  return {
    async connect() {
      return new RetryingClient(pool, await pool.connect(), pool.options.max ?? 10);
    },
    end: () => pool.end(),
  };
}

class RetryingClient implements PostgresPoolClient {
  private inTransaction = false;
  /** Null once given back: after a lost connection whose replacement could not be had. */
  private client: pg.PoolClient | null;

  constructor(
    private readonly pool: pg.Pool,
    client: pg.PoolClient,
    private readonly poolSize: number,
  ) {
    this.client = client;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (streaming) goes straight through.
    if (typeof sql !== 'string') return this.live().query(sql as never) as PostgresCursor<R>;
    return this.run<R>(sql, parameters ?? []);
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>) {
    const retryable = isRetryableRead(sql, this.inTransaction);
    this.track(sql);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.queryOn<R>(this.live(), sql, parameters);
      } catch (error) {
        if (!connectionLost(error)) throw error;
        this.inTransaction = false;
        // Idle connections killed together (a restart) fail one after another until the pool
        // has noticed: once more than the pool holds reaches a new connection.
        if (!retryable || attempt > this.poolSize) throw error;
        const dead = this.live();
        this.client = null;
        dead.release(error as Error); // destroyed, not given back
        this.client = await this.pool.connect();
      }
    }
  }

  private async queryOn<R>(
    client: pg.PoolClient,
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    // A precompiled statement (precompiled.ts) is prepared once on each connection, by name.
    const name = preparedStatementNames.get(sql);
    const result = await (name
      ? client.query({ name, text: sql, values: parameters as unknown[] })
      : client.query(sql, parameters as unknown[]));
    return result as unknown as PostgresQueryResult<R>;
  }

  private live(): pg.PoolClient {
    if (!this.client) throw new Error('Connection ended: the database connection was lost');
    return this.client;
  }

  /** Follows the transaction Kysely opens and ends on this connection. */
  private track(sql: string) {
    if (/^\s*(begin|start\s+transaction)\b/i.test(sql)) this.inTransaction = true;
    else if (/^\s*(commit|rollback)\s*;?\s*$/i.test(sql)) this.inTransaction = false;
  }

  release(): void {
    this.client?.release();
    this.client = null;
  }
}
