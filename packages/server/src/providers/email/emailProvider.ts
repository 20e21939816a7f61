export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail: over SMTP when SMTP_URL is set, otherwise into the development outbox. */
export interface EmailProvider {
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}
