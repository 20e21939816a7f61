import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SecondFactorMethod } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { FlowRecords, isLive, type FlowRecord } from '../../flows/flowRecords.js';

export type ChallengePurpose = 'setup' | 'login';

/** How many wrong codes a challenge takes before it is dead. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** A flow record whose subject is the user. */
export interface Challenge extends FlowRecord<ChallengePurpose> {
  userId: string;
  method: SecondFactorMethod;
  /** What completing it needs (decrypted). */
  payload: Record<string, unknown>;
  status: string;
  providerRef: string | null;
  hasCode: boolean;
}

export interface NewChallenge {
  userId: string;
  browserId: string;
  method: SecondFactorMethod;
  purpose: ChallengePurpose;
  payload: Record<string, unknown>;
  /** A code sent to the user (SMS, voice); stored only as an HMAC. */
  code?: string;
  status?: string;
}

export type CodeOutcome =
  { outcome: 'valid' } | { outcome: 'wrong'; remainingAttempts: number } | { outcome: 'dead' };

/**
 * Second-factor set-up and login challenges as persisted flow records: bound to the user and
 * the browser that started them, valid ten minutes, dead after five wrong codes, used once.
 * A new challenge for the same user, method and purpose in this browser replaces the old one.
 */
export class ChallengeStore {
  private readonly key: Buffer;
  private readonly flows: FlowRecords<'second_factor_challenges'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    dataKey: Buffer,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity second factor codes', 32),
    );
    this.flows = new FlowRecords(db, 'second_factor_challenges', MAX_CHALLENGE_ATTEMPTS, now);
  }

  async start(challenge: NewChallenge): Promise<string> {
    const now = this.now();
    await this.flows.retire({
      user_id: challenge.userId,
      browser_id: challenge.browserId,
      method: challenge.method,
      purpose: challenge.purpose,
    });
    const id = randomUUID();
    await this.db
      .insertInto('second_factor_challenges')
      .values({
        id,
        user_id: challenge.userId,
        browser_id: challenge.browserId,
        method: challenge.method,
        purpose: challenge.purpose,
        payload: this.encryption.encrypt(
          JSON.stringify(challenge.payload),
          `second_factor_challenges.payload:${id}`,
        ),
        code_hash: challenge.code === undefined ? null : this.hash(id, challenge.code),
        status: challenge.status ?? 'pending',
        provider_ref: null,
        attempts: 0,
        created_at: now,
        expires_at: now + CHALLENGE_TTL_MS,
        consumed_at: null,
      })
      .execute();
    return id;
  }

  /** The open challenge of this user and method (and purpose, if given) started in this browser. */
  async current(
    userId: string,
    browserId: string,
    method: SecondFactorMethod,
    purpose?: ChallengePurpose,
  ): Promise<Challenge | null> {
    let query = this.db
      .selectFrom('second_factor_challenges')
      .selectAll()
      .where('user_id', '=', userId)
      .where('browser_id', '=', browserId)
      .where('method', '=', method);
    if (purpose) query = query.where('purpose', '=', purpose);
    const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (!row) return null;
    const record: FlowRecord<ChallengePurpose> = {
      id: row.id,
      subject: row.user_id,
      purpose: row.purpose as ChallengePurpose,
      attempts: row.attempts,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
    };
    // A challenge out of attempts is still current: checking a code against it answers 'dead'.
    if (!isLive(record, this.now())) return null;
    return {
      ...record,
      userId: row.user_id,
      method: row.method as SecondFactorMethod,
      payload: JSON.parse(
        this.encryption.decrypt(row.payload, `second_factor_challenges.payload:${row.id}`),
      ) as Record<string, unknown>,
      status: row.status,
      providerRef: row.provider_ref,
      hasCode: row.code_hash !== null,
    };
  }

  /**
   * Counts one wrong answer, atomically (parallel guesses cannot exceed the limit). Returns
   * the attempts left, or null when the challenge had none left.
   */
  async countWrong(id: string): Promise<number | null> {
    const counted = await this.db
      .updateTable('second_factor_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', MAX_CHALLENGE_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) return null;
    const row = await this.db
      .selectFrom('second_factor_challenges')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return Math.max(0, MAX_CHALLENGE_ATTEMPTS - row.attempts);
  }

  /** Uses the challenge, atomically; false when it was used, dead or expired meanwhile. */
  async consume(id: string): Promise<boolean> {
    return (await this.flows.consume(id)) !== null;
  }

  /** Checks a sent code: valid (and used), wrong (attempts left), or dead. */
  async checkCode(challenge: Challenge, code: string): Promise<CodeOutcome> {
    if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) return { outcome: 'dead' };
    const row = await this.db
      .selectFrom('second_factor_challenges')
      .select('code_hash')
      .where('id', '=', challenge.id)
      .executeTakeFirst();
    if (!row?.code_hash) return { outcome: 'dead' };
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(challenge.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const left = await this.countWrong(challenge.id);
      return left === null ? { outcome: 'dead' } : { outcome: 'wrong', remainingAttempts: left };
    }
    return (await this.consume(challenge.id)) ? { outcome: 'valid' } : { outcome: 'dead' };
  }

  async setStatus(id: string, status: string, providerRef?: string): Promise<void> {
    await this.db
      .updateTable('second_factor_challenges')
      .set({ status, ...(providerRef === undefined ? {} : { provider_ref: providerRef }) })
      .where('id', '=', id)
      .execute();
  }

  /** Removes records older than a day. */
  async sweep(): Promise<void> {
    await this.db
      .deleteFrom('second_factor_challenges')
      .where('created_at', '<', this.now() - 24 * 3600 * 1000)
      .execute();
  }

  /** A stand-in for a phone number in rate-limit keys, so no number is stored there. */
  numberSubject(number: string): string {
    return createHmac('sha256', this.key).update(`number:${number}`).digest('base64url');
  }

  private hash(id: string, code: string): string {
    return createHmac('sha256', this.key).update(`${id}:${code}`).digest('hex');
  }
}
