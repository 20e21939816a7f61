import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
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

/** Development outbox: messages that would have been sent, kept for developers and tests. */
export class OutboxStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): Promise<OutboxMessage> {
    const stored = { ...message, id: randomUUID(), createdAt: this.now() };
    await this.db
      .insertInto('outbox')
      .values({
        id: stored.id,
        channel: stored.channel,
        recipient: stored.recipient,
        subject: stored.subject,
        body: stored.body,
        created_at: stored.createdAt,
      })
      .execute();
    return stored;
  }

  /** Newest first; optionally only one recipient's messages. */
  async list(
    options: { recipient?: string | undefined; limit?: number } = {},
  ): Promise<OutboxMessage[]> {
    let query = this.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(options.limit ?? 100);
    if (options.recipient) query = query.where('recipient', '=', options.recipient);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as OutboxChannel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    }));
  }
}
