import { SpanKind, context, trace } from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { failSpan, tracer, tracingActive } from './tracing.js';

/** OpenTelemetry's db.system.name of each database Verity runs on. */
export type TracedSystem = 'postgresql' | 'sqlite';

const statementKinds: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};

/**
 * The kind of statement (SELECT, INSERT, BEGIN...), from Kysely's query tree or else the raw
 * SQL's first word: never the parameters, nor the rest of the text.
 */
export function statementKind(query: CompiledQuery): string {
  const kind = statementKinds[query.query.kind];
  if (kind) return kind;
  return /^\s*([a-z]+)/i.exec(query.sql)?.[1]?.toUpperCase() ?? 'QUERY';
}

/** A method of the target, called on the target (Kysely's classes keep private fields). */
function delegate<T extends object>(target: T, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function'
    ? (value as (...args: unknown[]) => unknown).bind(target)
    : value;
}

function tracedConnection(connection: DatabaseConnection, system: TracedSystem) {
  const executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    // Only inside a trace (a request): start-up, sweeps and the CLI make no lone spans.
    if (!tracingActive() || !trace.getSpan(context.active()))
      return connection.executeQuery<R>(query);
    const kind = statementKind(query);
    return tracer().startActiveSpan(
      kind,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': system, 'db.operation.name': kind },
      },
      async (span) => {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          failSpan(span, error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
  return new Proxy(connection, {
    get: (target, property) =>
      property === 'executeQuery' ? executeQuery : delegate(target, property),
  });
}

/**
 * The dialect with a span around every statement run in a traced request (statement kind and
 * database only). Kysely's own driver does the work; the connections it hands out are wrapped,
 * each once, so Kysely sees the same connection object every time it gets one back.
 */
export function tracedDialect(dialect: Dialect, system: TracedSystem): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const acquireConnection = async () => {
        const connection = await driver.acquireConnection();
        let traced = wrapped.get(connection);
        if (!traced) wrapped.set(connection, (traced = tracedConnection(connection, system)));
        return traced;
      };
      return new Proxy(driver, {
        get: (target, property) =>
          property === 'acquireConnection' ? acquireConnection : delegate(target, property),
      }) as Driver;
    },
  };
}
