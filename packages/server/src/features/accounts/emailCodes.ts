import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { FlowRecords } from '../../flows/flowRecords.js';

export type CodePurpose = 'verify' | 'reset';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
/** Codes sent per e-mail address, purpose and browser in an hour. */
export const MAX_SENDS_PER_HOUR = 5;
/** Codes sent per e-mail address and purpose in an hour, from all browsers together. */
export const MAX_SENDS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 3600 * 1000;

export type CodeCheck =
  | { outcome: 'valid'; pending: PendingSignup }
  | { outcome: 'invalidCode' | 'codeExpiredCanResend' | 'codeExpiredCannotResend' };

/** What a sign-up chose, applied only when its code is verified (only the mailbox's owner can). */
export interface PendingSignup {
  passwordHash: string | null;
  termsVersion: string | null;
}

const noPending: PendingSignup = { passwordHash: null, termsVersion: null };

export interface IssuedCode {
  code: string;
}

/**
 * Six-digit codes sent by e-mail, as persisted flow records: bound to the browser that asked
 * (only it can use the code), valid ten minutes, dead after five wrong tries, used once.
 * Only an HMAC of the code is stored.
 */
export class EmailCodeStore {
  private readonly key: Buffer;
  private readonly flows: FlowRecords<'email_codes'>;

  constructor(
    private readonly db: Kysely<Database>,
    dataKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity email codes', 32));
    this.flows = new FlowRecords(db, 'email_codes', MAX_WRONG_TRIES, now);
  }

  /** How many more codes may be sent now for this address and purpose. */
  async sendsLeft(email: string, purpose: CodePurpose, browserId: string): Promise<number> {
    const count = async (forBrowser: boolean) => {
      let query = this.db
        .selectFrom('email_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('created_at', '>', this.now() - HOUR_MS);
      if (forBrowser) query = query.where('browser_id', '=', browserId);
      return Number((await query.executeTakeFirstOrThrow()).count);
    };
    // Per browser, so a stranger cannot use up an address's codes; and per address, so many
    // browsers together cannot get many codes to guess at.
    return Math.min(
      MAX_SENDS_PER_HOUR - (await count(true)),
      MAX_SENDS_PER_ADDRESS_PER_HOUR - (await count(false)),
    );
  }

  /** A new code; earlier codes for this address, purpose and browser stop working. Null when the hourly limit is reached. */
  async issue(
    email: string,
    purpose: CodePurpose,
    browserId: string,
    pending: PendingSignup = noPending,
  ): Promise<IssuedCode | null> {
    if ((await this.sendsLeft(email, purpose, browserId)) <= 0) return null;
    const now = this.now();
    await this.flows.retire({ email, purpose, browser_id: browserId });
    const id = randomUUID();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db
      .insertInto('email_codes')
      .values({
        id,
        email,
        purpose,
        browser_id: browserId,
        code_hash: this.hash(id, code),
        pending_password_hash: pending.passwordHash,
        pending_terms_version: pending.termsVersion,
        attempts: 0,
        created_at: now,
        expires_at: now + CODE_TTL_MS,
        consumed_at: null,
      })
      .execute();
    // Counted again after the insert: parallel requests that all passed the first check
    // cannot exceed the limit (the extra ones are removed, and get no code).
    if ((await this.sendsLeft(email, purpose, browserId)) < 0) {
      await this.db.deleteFrom('email_codes').where('id', '=', id).execute();
      return null;
    }
    return { code };
  }

  /** Sends a fresh code carrying the same pending password as the latest one. */
  async reissue(
    email: string,
    purpose: CodePurpose,
    browserId: string,
  ): Promise<IssuedCode | null> {
    const latest = await this.latest(email, purpose, browserId);
    if (!latest) return null;
    return this.issue(email, purpose, browserId, {
      passwordHash: latest.pending_password_hash,
      termsVersion: latest.pending_terms_version,
    });
  }

  async check(
    email: string,
    purpose: CodePurpose,
    browserId: string,
    code: string,
    /** Runs just before a live code is compared (it takes a guess from the budgets; it may throw). */
    beforeCompare: () => Promise<unknown> = () => Promise.resolve(),
  ): Promise<CodeCheck> {
    const record = await this.latest(email, purpose, browserId);
    const canResend = async () =>
      (await this.sendsLeft(email, purpose, browserId)) > 0 && record
        ? 'codeExpiredCanResend'
        : 'codeExpiredCannotResend';
    if (!record || record.consumed_at !== null) return { outcome: 'codeExpiredCannotResend' };
    if (record.expires_at <= this.now() || record.attempts >= MAX_WRONG_TRIES)
      return { outcome: await canResend() };

    await beforeCompare();
    const expected = Buffer.from(record.code_hash, 'hex');
    const given = Buffer.from(this.hash(record.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      // Counted atomically, so parallel guesses cannot exceed the limit.
      const counted = await this.db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', record.id)
        .where('attempts', '<', MAX_WRONG_TRIES)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0) return { outcome: await canResend() };
      return { outcome: 'invalidCode' };
    }
    // Consumed once: of parallel checks with the right code, one is valid.
    if (!(await this.flows.consume(record.id))) return { outcome: 'codeExpiredCannotResend' };
    return {
      outcome: 'valid',
      pending: {
        passwordHash: record.pending_password_hash,
        termsVersion: record.pending_terms_version,
      },
    };
  }

  /** Every open code for this address stops working (after a password reset). */
  async consumeAll(email: string): Promise<void> {
    await this.flows.retire({ email });
  }

  /** What the latest sign-up with a password for this address chose, still waiting on verification. */
  async pendingSignup(email: string): Promise<PendingSignup | null> {
    const row = await this.db
      .selectFrom('email_codes')
      .select(['pending_password_hash', 'pending_terms_version'])
      .where('email', '=', email)
      .where('purpose', '=', 'verify')
      .where('pending_password_hash', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { passwordHash: row.pending_password_hash, termsVersion: row.pending_terms_version }
      : null;
  }

  /** Removes records older than a day (they only count sends within the hour). */
  async sweep(): Promise<void> {
    await this.db
      .deleteFrom('email_codes')
      .where('created_at', '<', this.now() - 24 * HOUR_MS)
      .execute();
  }

  private latest(email: string, purpose: CodePurpose, browserId: string) {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('browser_id', '=', browserId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private hash(id: string, code: string): string {
    return createHmac('sha256', this.key).update(`${id}:${code}`).digest('hex');
  }
}
