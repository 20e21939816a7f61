import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail: queued for SMTP when SMTP_URL is set, otherwise kept in the development
 * outbox. Either way the message is a row of the outbox table, written before `send` returns.
 */
export interface EmailProvider {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Stores the message; with `db`, in that transaction (the change that causes the mail), so
   * the mail exists exactly when the change does. SMTP delivery happens after the call returns.
   */
  send(message: EmailMessage, db?: Kysely<Database>): Promise<void>;
  /** Delivers what is due now (tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
