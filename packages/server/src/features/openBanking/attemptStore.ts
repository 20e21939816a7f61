import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { FlowRecords } from '../../flows/flowRecords.js';

/** A trip to the bank lasts at most this long (login and consent there included). */
export const ATTEMPT_SECONDS = 15 * 60;
/** A state presented more often than this (by any browser) is dead. */
const MAX_PRESENTATIONS = 3;

export interface ObAttempt {
  userId: string | null;
  requestId: string | null;
  provider: string;
  codeVerifier: string;
}

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * One record per trip to a bank: the state Verity sent (only its hash is kept), the PKCE
 * verifier (encrypted), who started it, in which browser and for which sign-in request. The
 * callback consumes it once; an unknown, expired, used or foreign state is refused.
 */
export class ObAttemptStore {
  // Presentations are counted before the consume: it may be the MAX_PRESENTATIONS-th.
  private readonly flows: FlowRecords<'ob_attempts'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {
    this.flows = new FlowRecords(db, 'ob_attempts', MAX_PRESENTATIONS + 1, now);
  }

  async start(input: {
    browserId: string;
    userId: string | null;
    requestId: string | null;
    provider: string;
  }): Promise<{ state: string; codeChallenge: string }> {
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    const id = hash(state);
    const now = this.now();
    await this.db
      .insertInto('ob_attempts')
      .values({
        id,
        browser_id: input.browserId,
        user_id: input.userId,
        request_id: input.requestId,
        provider: input.provider,
        code_verifier: this.encryption.encrypt(codeVerifier, `ob_attempts:${id}`),
        attempts: 0,
        created_at: now,
        expires_at: now + ATTEMPT_SECONDS * 1000,
        consumed_at: null,
      })
      .execute();
    return {
      state,
      codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    };
  }

  /** The attempt this state names, used up atomically; null when it cannot be used here. */
  async consume(state: string, browserId: string | null): Promise<ObAttempt | null> {
    const id = hash(state);
    // Every presentation counts, whoever makes it; only the browser that started it consumes.
    await this.db
      .updateTable('ob_attempts')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    if (!browserId) return null;
    const row = await this.flows.consume(id, { browser_id: browserId });
    if (!row) return null;
    return {
      userId: row.user_id,
      requestId: row.request_id,
      provider: row.provider,
      codeVerifier: this.encryption.decrypt(row.code_verifier, `ob_attempts:${id}`),
    };
  }

  /** Removes attempts a day past their expiry. */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('ob_attempts')
      .where('expires_at', '<', this.now() - 24 * 3600 * 1000)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
