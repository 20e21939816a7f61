import type { OutboxStore } from '../../features/outbox/store.js';
import type { EmailMessage, EmailProvider } from './emailProvider.js';

export class OutboxEmailProvider implements EmailProvider {
  readonly kind = 'outbox';

  constructor(private readonly outbox: OutboxStore) {}

  async send(message: EmailMessage): Promise<void> {
    await this.outbox.add({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {}
}
