import { createHash } from 'node:crypto';
import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** A named parameter's placeholder in the builder of a precompiled statement. */
const PLACEHOLDER = '\u0000verity-parameter:';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands for a column's value
type Parameter = (name: string) => any;

/**
 * The SQL of every precompiled statement and the name PostgreSQL prepares it under on each
 * connection (resilientPool.ts): parsed and planned once per connection, then only bound and
 * run. Only these are named: their SQL is fixed, so the per-connection set stays small.
 */
export const preparedStatementNames = new Map<string, string>();

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the SQL: the name of the value it takes, or a constant. */
  order: Array<{ name: string } | { constant: unknown }>;
}

/**
 * A statement built with Kysely once per dialect and then run with new values each time, so a
 * hot path (the token endpoint's storage) pays neither for building nor for compiling. The
 * builder gets `p(name)` for each value given at run time; any other value is a constant.
 * It runs on the Kysely instance (or transaction) it is given, like any other query.
 */
export class Precompiled<Values extends Record<string, unknown>, Row> {
  /** Keyed by the dialect's adapter class: one process may hold SQLite and PostgreSQL. */
  private readonly templates = new Map<unknown, Template>();

  constructor(private readonly build: (db: Kysely<Database>, p: Parameter) => Compilable<Row>) {}

  async execute(db: Kysely<Database>, values: Values): Promise<QueryResult<Row>> {
    const dialect = db.getExecutor().adapter.constructor;
    let template = this.templates.get(dialect);
    if (!template) this.templates.set(dialect, (template = this.compile(db)));
    const parameters = template.order.map((each) =>
      'name' in each ? values[each.name] : each.constant,
    );
    return db.executeQuery<Row>({ ...template.compiled, parameters } as CompiledQuery<Row>);
  }

  /** The rows of one run. */
  async rows(db: Kysely<Database>, values: Values): Promise<Row[]> {
    return (await this.execute(db, values)).rows;
  }

  /** How many rows one run inserted, updated or deleted. */
  async affected(db: Kysely<Database>, values: Values): Promise<number> {
    const result = await this.execute(db, values);
    return Number(result.numAffectedRows ?? 0n);
  }

  private compile(db: Kysely<Database>): Template {
    const compiled = this.build(db, (name) => `${PLACEHOLDER}${name}`).compile();
    const order = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER)
        ? { name: value.slice(PLACEHOLDER.length) }
        : { constant: value },
    );
    if (!preparedStatementNames.has(compiled.sql))
      preparedStatementNames.set(
        compiled.sql,
        `verity_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 20)}`,
      );
    return { compiled, order };
  }
}
