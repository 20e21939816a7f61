import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OutboxStore } from '../../features/outbox/store.js';
import type { EmailMessage, EmailProvider } from './emailProvider.js';

/** Without SMTP: mail is kept in the development outbox (/dev/outbox). */
export class OutboxEmailProvider implements EmailProvider {
  readonly kind = 'outbox';

  constructor(private readonly outbox: OutboxStore) {}

  async send(message: EmailMessage, db?: Kysely<Database>): Promise<void> {
    await this.outbox.add(
      { channel: 'email', recipient: message.to, subject: message.subject, body: message.text },
      { db },
    );
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {}
}
