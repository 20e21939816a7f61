import { randomUUID } from 'node:crypto';
import { logToStderr, type JsonLogLevel } from '../../logging/jsonLine.js';
import type { MailQueue, QueuedMail } from './mailQueue.js';
import { retryDelayMs } from './retryDelay.js';
import { failureReason, isPermanentFailure, type MailTransport } from './smtpEmail.js';

export interface MailRetrySettings {
  /** Tries before a message is given up (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Age after which a message that failed is given up (MAIL_MAX_AGE_MINUTES), ms. */
  maxAgeMs: number;
  /** The wait after the first failure (MAIL_RETRY_FIRST_MS); it doubles with each failure. */
  firstRetryMs: number;
}

/** Longer than SmtpTransport's time-outs add up to, so a live worker never loses its claim. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** How often the queue is looked at besides the wake-ups: mail from other instances, retries. */
const POLL_MS = 5_000;

/**
 * Sends the queued mail, one worker in each instance. It runs when a message is queued, when
 * the next retry falls due, and every few seconds; claims make two workers never take one
 * message at once. Failures are retried with back-off, then given up (logged and counted).
 */
export class MailWorker {
  /** Totals since start, for metrics. */
  readonly counts = { sent: 0, retried: 0, givenUp: 0 };
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly queue: MailQueue,
    private readonly transport: MailTransport,
    private readonly settings: MailRetrySettings,
    private readonly now: () => number = Date.now,
    private readonly log: (level: JsonLogLevel, msg: string, fields: object) => void = (
      level,
      msg,
      fields,
    ) => logToStderr(level, msg, { ...fields }),
  ) {}

  start(): void {
    this.wake();
  }

  /** Looks at the queue now (a message was just queued). */
  wake(): void {
    this.schedule(0);
  }

  /** Sends everything due now (tests, EmailProvider.flush); a failure waits for its retry. */
  async drain(): Promise<void> {
    while ((await this.runSerially()) > 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let next = POLL_MS;
    try {
      await this.runSerially();
      const due = await this.queue.nextDueAt();
      if (due !== null) next = Math.min(POLL_MS, Math.max(0, due - this.now()));
    } catch (error) {
      // The database is away: the next poll tries again; nothing is lost, the rows wait.
      this.log('error', 'mail queue unavailable', { reason: failureReason(error) });
    }
    this.schedule(next);
  }

  /** One pass over what is due; passes never overlap within a worker. */
  private runSerially(): Promise<number> {
    const pass = this.chain.then(() => this.runOnce());
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  private async runOnce(): Promise<number> {
    const batch = await this.queue.claimDue(this.owner, LEASE_MS, BATCH);
    for (const mail of batch) await this.deliver(mail);
    return batch.length;
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    try {
      await this.transport.deliver(mail);
    } catch (error) {
      const fields = { mailId: mail.id, attempts: mail.attempts, reason: failureReason(error) };
      if (
        isPermanentFailure(error) ||
        mail.attempts >= this.settings.maxAttempts ||
        this.now() - mail.createdAt >= this.settings.maxAgeMs
      ) {
        await this.queue.remove(mail.id, this.owner);
        this.counts.givenUp++;
        this.log('error', 'e-mail given up', fields);
      } else {
        const at = this.now() + retryDelayMs(mail.attempts, this.settings.firstRetryMs);
        await this.queue.retryAt(mail.id, this.owner, at);
        this.counts.retried++;
        this.log('warn', 'e-mail delivery failed, will retry', { ...fields, retryAt: at });
      }
      return;
    }
    await this.queue.remove(mail.id, this.owner);
    this.counts.sent++;
  }
}
