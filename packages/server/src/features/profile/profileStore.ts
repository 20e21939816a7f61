import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { Precompiled } from '../../db/precompiled.js';

/** Read for every token's claims: built and compiled once (db/precompiled.ts). */
const findProfile = new Precompiled<{ userId: string }, { data: string }>((db, p) =>
  db.selectFrom('profiles').select('data').where('user_id', '=', p('userId')),
);

/** A field's value: a string, or an address ({ postcode, uprn, text, picklist }). */
export type ProfileValues = Record<string, unknown>;

/** Each user's profile values, one JSON document encrypted at rest (bound to the user id). */
export class ProfileStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: string): Promise<ProfileValues> {
    const [row] = await findProfile.rows(this.db, { userId });
    return this.decode(userId, row?.data ?? null);
  }

  /** The values of `userId`'s stored profile (`profiles.data`, read with another statement). */
  decode(userId: string, data: string | null): ProfileValues {
    return data
      ? (JSON.parse(this.encryption.decrypt(data, `profiles:${userId}`)) as ProfileValues)
      : {};
  }

  /** Merges new values into the profile; values not given stay. */
  async update(userId: string, values: ProfileValues): Promise<ProfileValues> {
    const merged = { ...(await this.get(userId)), ...values };
    const data = this.encryption.encrypt(JSON.stringify(merged), `profiles:${userId}`);
    const updated_at = this.now();
    await this.db
      .insertInto('profiles')
      .values({ user_id: userId, data, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at }))
      .execute();
    return merged;
  }
}
