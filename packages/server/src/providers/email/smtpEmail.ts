import nodemailer, { type Transporter } from 'nodemailer';
import { logToStderr } from '../../logging/jsonLine.js';
import type { EmailMessage, EmailProvider } from './emailProvider.js';
import { inClientSpan } from '../../tracing/tracing.js';

/**
 * E-mail over SMTP. Delivery happens after the call returns, so a request that sends mail
 * (a reset code for an existing account) takes no longer than one that does not: answers
 * do not tell who has an account, and a slow or failing mail server does not fail the
 * request. Failures are reported without the message or the address.
 */
export class SmtpEmailProvider implements EmailProvider {
  readonly kind = 'smtp';
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly onFailure: (reason: string) => void = (reason) =>
      logToStderr('error', 'e-mail delivery failed', { reason }),
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    const delivery = inClientSpan('smtp send', { 'verity.provider': 'smtp' }, () =>
      this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      }),
    )
      .then(
        () => undefined,
        (error: { code?: string; responseCode?: number }) =>
          this.onFailure(String(error.code ?? error.responseCode ?? 'unknown')),
      )
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for the deliveries under way. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.transport.close();
  }
}
