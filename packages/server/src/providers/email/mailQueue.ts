import type { ExpressionBuilder, Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { outboxBodyContext } from '../../features/outbox/store.js';

export interface QueuedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Tries so far, this one included (a claim counts as a try). */
  attempts: number;
  createdAt: number;
}

/**
 * The mail queue: outbox rows with status 'pending' (OutboxStore.add writes them). A worker
 * claims a row with one conditional UPDATE that sets a lease; of any number of workers in any
 * number of instances exactly one wins a row (on PostgreSQL the second UPDATE waits for the
 * first and then finds the lease taken). A sent or given-up row is deleted, body and all.
 * Delivery is at least once: a worker that dies after SMTP accepted a message but before the
 * delete leaves it to be claimed again when its lease runs out.
 */
export class MailQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {}

  /** Claims up to `limit` messages that are due and not leased, for `owner`, for `leaseMs`. */
  async claimDue(owner: string, leaseMs: number, limit: number): Promise<QueuedMail[]> {
    const now = this.now();
    const due = await this.db
      .selectFrom('outbox')
      .select('id')
      .where(claimable(now))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: string[] = [];
    for (const { id } of due) {
      const won = await this.db
        .updateTable('outbox')
        .set((eb) => ({
          lease_owner: owner,
          lease_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where(claimable(now))
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 1) claimed.push(id);
    }
    if (claimed.length === 0) return [];
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'in', claimed)
      .where('lease_owner', '=', owner)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject ?? '',
      text: this.encryption.decrypt(row.body, outboxBodyContext(row.id)),
      attempts: row.attempts,
      createdAt: row.created_at,
    }));
  }

  /** Sent, or given up: the row goes, with the body (codes, personal data) in it. */
  async remove(id: string, owner: string): Promise<void> {
    await this.db
      .deleteFrom('outbox')
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Gives the claim back, to be tried again from `at`. */
  async retryAt(id: string, owner: string, at: number): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ lease_owner: null, lease_until: null, next_attempt_at: at })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Messages waiting to be sent (claimed or not): the e-mail queue depth gauge. */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** When the next message falls due (ms since the epoch), or null if none is waiting. */
  async nextDueAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }
}

/** Pending, due, and not leased (or the lease ran out: its worker died or hung). */
function claimable(now: number) {
  return (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('next_attempt_at', '<=', now),
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
    ]);
}
