import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';

export type OutboxChannel = 'email' | 'sms' | 'voice';

export interface OutboxMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: number;
}

/** What a message row's body is bound to, so a body copied to another row does not decrypt. */
export const outboxBodyContext = (id: string) => `outbox.body:${id}`;

/**
 * The table every outgoing message goes through. Here: the development outbox, messages kept
 * (status 'outbox') for developers and tests instead of being sent. Mail queued for SMTP
 * (status 'pending') is providers/email/mailQueue.ts's. Bodies carry codes and personal
 * data, so they are encrypted at rest.
 */
export class OutboxStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores a message: kept for developers, or `queued` for the mail worker. `db` may be the
   * transaction of the change that causes it, so the message exists exactly when the change does.
   */
  async add(
    message: Omit<OutboxMessage, 'id' | 'createdAt'>,
    { queued = false, db = this.db }: { queued?: boolean; db?: Kysely<Database> } = {},
  ): Promise<OutboxMessage> {
    const stored = { ...message, id: randomUUID(), createdAt: this.now() };
    await db
      .insertInto('outbox')
      .values({
        id: stored.id,
        channel: stored.channel,
        recipient: stored.recipient,
        subject: stored.subject,
        body: this.encryption.encrypt(stored.body, outboxBodyContext(stored.id)),
        created_at: stored.createdAt,
        status: queued ? 'pending' : 'outbox',
        next_attempt_at: queued ? stored.createdAt : null,
      })
      .execute();
    return stored;
  }

  /** The development outbox, newest first; optionally only one recipient's messages. */
  async list(
    options: { recipient?: string | undefined; limit?: number } = {},
  ): Promise<OutboxMessage[]> {
    let query = this.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'outbox')
      .orderBy('created_at', 'desc')
      .limit(options.limit ?? 100);
    if (options.recipient) query = query.where('recipient', '=', options.recipient);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as OutboxChannel,
      recipient: row.recipient,
      subject: row.subject,
      body: this.encryption.decrypt(row.body, outboxBodyContext(row.id)),
      createdAt: row.created_at,
    }));
  }
}
