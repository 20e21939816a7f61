import nodemailer, { type Transporter } from 'nodemailer';
import { inClientSpan } from '../../tracing/tracing.js';
import type { EmailMessage } from './emailProvider.js';

/** Hands one message to the mail server; throws when it is not accepted. */
export interface MailTransport {
  deliver(message: EmailMessage): Promise<void>;
  close(): void;
}

/** What a failed delivery says, for the log: a code, never the message or the address. */
export function failureReason(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return [code, responseCode].filter((part) => part !== undefined).join(' ') || 'unknown';
}

/**
 * A refusal that trying again will not change: the server rejected the recipient with a 5xx
 * (RFC 5321 4.2.1). Everything else (connection refused, time-outs, 4xx, a wrong password the
 * operator will fix) is worth another try.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
}

/** nodemailer's defaults wait up to 10 minutes; an operator's SMTP_URL may set its own. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** E-mail over SMTP (SMTP_URL), with time-outs well inside the mail worker's lease. */
export class SmtpTransport implements MailTransport {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    for (const [name, ms] of Object.entries(TIMEOUTS_MS))
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    this.transport = nodemailer.createTransport(url.href);
  }

  async deliver(message: EmailMessage): Promise<void> {
    await inClientSpan('smtp send', { 'verity.provider': 'smtp' }, () =>
      this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      }),
    );
  }

  close(): void {
    this.transport.close();
  }
}
