import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
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
 * code is stored; a new set replaces the old one.
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

  /** A new set of codes, returned once for the user to keep; earlier codes stop working. */
  async regenerate(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
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
    });
    return codes;
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
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  private hash(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${code}`).digest('hex');
  }
}
