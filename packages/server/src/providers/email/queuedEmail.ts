import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OutboxStore } from '../../features/outbox/store.js';
import type { EmailMessage, EmailProvider } from './emailProvider.js';
import type { MailWorker } from './mailWorker.js';

/**
 * With SMTP: mail is queued in the database and the mail worker sends it. The request that
 * sends mail (a reset code for an existing account) answers as fast as one that does not, so
 * answers tell nobody who has an account, and a slow or failing mail server fails no request
 * and loses no mail.
 */
export class QueuedEmailProvider implements EmailProvider {
  readonly kind = 'smtp';

  constructor(
    private readonly outbox: OutboxStore,
    private readonly worker: MailWorker,
  ) {}

  async send(message: EmailMessage, db?: Kysely<Database>): Promise<void> {
    await this.outbox.add(
      { channel: 'email', recipient: message.to, subject: message.subject, body: message.text },
      { queued: true, db },
    );
    // Inside a transaction the row is not visible yet; the worker's next poll finds it.
    if (!db) this.worker.wake();
  }

  async flush(): Promise<void> {
    await this.worker.drain();
  }

  async close(): Promise<void> {
    await this.worker.stop();
  }
}
