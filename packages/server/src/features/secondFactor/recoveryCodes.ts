import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten random characters (about 49 bits) from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Normalises a code as typed (dashes, spaces and case ignored). */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/**
 * Single-use recovery codes for when no second-factor method is at hand. Only an HMAC of each
 * code is stored. A user's set has a row in recovery_code_sets (migration 0017): issuing a
 * first set claims that row, so it happens once however many set-ups run in parallel, and
 * regenerating locks it, so a new set replaces the old one whole.
 */
export class RecoveryCodeStore {
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    dataKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity recovery codes', 32),
    );
  }

  /**
   * A first set of codes, returned once for the user to keep; null, with nothing changed, when
   * the user already holds a set (used up or not), for example one issued by a parallel set-up.
   */
  async issueIfNone(userId: string): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('recovery_code_sets')
        .values({ user_id: userId, created_at: this.now() })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      return this.store(trx, userId);
    });
  }

  /** A new set of codes, returned once for the user to keep; earlier codes stop working. */
  async regenerate(userId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('recovery_code_sets')
        .values({ user_id: userId, created_at: this.now() })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ created_at: this.now() }),
        )
        .execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      return this.store(trx, userId);
    });
  }

  /** Uses a code once, atomically; false when it is unknown or already used. */
  async use(userId: string, code: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: this.now() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', this.hash(userId, normaliseRecoveryCode(code)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remaining(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async removeAll(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_code_sets').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    });
  }

  private async store(trx: Transaction<Database>, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    const now = this.now();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((code) => ({
          id: randomUUID(),
          user_id: userId,
          code_hash: this.hash(userId, normaliseRecoveryCode(code)),
          created_at: now,
          used_at: null,
        })),
      )
      .execute();
    return codes;
  }

  private hash(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${code}`).digest('hex');
  }
}
