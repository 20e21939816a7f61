import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailProvider } from './emailProvider.js';

export class SmtpEmailProvider implements EmailProvider {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
