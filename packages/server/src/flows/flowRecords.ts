import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A flow record: a short-lived, single-use step of a flow (an e-mail or reset code, a
 * second-factor challenge, a bank-link or social sign-in state, a PIN registration). Whatever
 * else it holds, it has whose it is (subject), what it is for (purpose), when it expires, how
 * many attempts it took and whether it was consumed. Each kind keeps its own table, with
 * these columns named alike (`id`, `attempts`, `expires_at`, `consumed_at`); this module is
 * the one place that consumes them.
 */
export interface FlowRecord<Purpose extends string = string> {
  id: string;
  subject: string;
  purpose: Purpose;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
}

interface FlowColumns {
  id: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
}

/** The tables whose rows are flow records: the compiler checks they have the columns. */
export type FlowTable = {
  [Name in keyof Database]: Database[Name] extends FlowColumns ? Name : never;
}[keyof Database];

type Row<Name extends FlowTable> = Selectable<Database[Name]>;

/** Equality conditions on a record's other columns (its browser, provider, purpose...). */
export type FlowMatch<Name extends FlowTable> = Partial<Record<keyof Row<Name> & string, string>>;

/** Whether a record can still be used now: unused, unexpired, attempts left. */
export function isLive(record: FlowRecord, now: number, maxAttempts = Infinity): boolean {
  return record.consumedAt === null && record.expiresAt > now && record.attempts < maxAttempts;
}

export class FlowRecords<Name extends FlowTable> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: Name,
    /** Attempts after which a record is dead; none for kinds that count no attempts. */
    private readonly maxAttempts: number | null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Kysely over this table with only the flow columns typed (the table name is a union). */
  private get flows() {
    return this.db as unknown as Kysely<{ flow: FlowColumns }>;
  }

  /**
   * Consumes the record: one conditional UPDATE (unused, unexpired, attempts left, and
   * matching `match`) whose affected-row count decides, so of any number of parallel uses
   * exactly one gets the row back; the others get null. `countAttempt` counts the use as an
   * attempt too, in the same statement.
   */
  async consume(
    id: string,
    match: FlowMatch<Name> = {},
    options: { countAttempt?: boolean } = {},
  ): Promise<Row<Name> | null> {
    const now = this.now();
    let update = this.flows
      .updateTable(this.table as unknown as 'flow')
      .set((eb) => ({
        consumed_at: now,
        ...(options.countAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
      }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now);
    if (this.maxAttempts !== null) update = update.where('attempts', '<', this.maxAttempts);
    for (const [column, value] of Object.entries(match) as Array<[string, string]>)
      update = update.where(sql.ref(column), '=', value);
    const row = await update.returningAll().executeTakeFirst();
    return (row as Row<Name> | undefined) ?? null;
  }

  /**
   * Ends every open record matching `match` (a new code replaces the earlier ones; a
   * password reset ends every code of the address). Returns how many it ended.
   */
  async retire(match: FlowMatch<Name>): Promise<number> {
    if (Object.keys(match).length === 0) throw new Error('retire needs a condition');
    let update = this.flows
      .updateTable(this.table as unknown as 'flow')
      .set({ consumed_at: this.now() })
      .where('consumed_at', 'is', null);
    for (const [column, value] of Object.entries(match) as Array<[string, string]>)
      update = update.where(sql.ref(column), '=', value);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
