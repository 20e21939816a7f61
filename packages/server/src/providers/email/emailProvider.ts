export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail: over SMTP when SMTP_URL is set, otherwise into the development outbox. */
export interface EmailProvider {
  readonly kind: 'smtp' | 'outbox';
  /** Hands the message over; SMTP delivers it after the call returns. */
  send(message: EmailMessage): Promise<void>;
  /** Waits for deliveries under way (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
