import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { SocialProvider } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';

export interface LinkedIdentity {
  provider: SocialProvider;
  email: string | null;
  createdAt: number;
}

export type LinkOutcome = 'linked' | 'identity_in_use' | 'already_linked';

/**
 * Social identities, stored apart from the password credential: one per provider per
 * account, and one account per identity. The provider's subject is kept only as an HMAC (it is
 * looked up, never shown); the provider's e-mail is encrypted.
 */
export class SocialIdentityStore {
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    dataKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity social subjects', 32),
    );
  }

  /** The account this identity is linked to, if any. */
  async accountOf(provider: SocialProvider, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('social_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject_hash', '=', this.hash(provider, subject))
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Records a sign-in with this identity. */
  async touch(provider: SocialProvider, subject: string): Promise<void> {
    await this.db
      .updateTable('social_identities')
      .set({ last_used_at: this.now() })
      .where('provider', '=', provider)
      .where('subject_hash', '=', this.hash(provider, subject))
      .execute();
  }

  async forUser(userId: string): Promise<LinkedIdentity[]> {
    const rows = await this.db
      .selectFrom('social_identities')
      .select(['id', 'provider', 'email', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      provider: row.provider as SocialProvider,
      email: row.email
        ? this.encryption.decrypt(row.email, `social_identities.email:${row.id}`)
        : null,
      createdAt: Number(row.created_at),
    }));
  }

  /** Links the identity; the unique constraints decide races between two links. */
  async link(
    userId: string,
    provider: SocialProvider,
    subject: string,
    email: string | null,
  ): Promise<LinkOutcome> {
    const id = randomUUID();
    const inserted = await this.db
      .insertInto('social_identities')
      .values({
        id,
        user_id: userId,
        provider,
        subject_hash: this.hash(provider, subject),
        email:
          email === null ? null : this.encryption.encrypt(email, `social_identities.email:${id}`),
        created_at: this.now(),
        last_used_at: this.now(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 'linked';
    const owner = await this.accountOf(provider, subject);
    return owner !== undefined && owner !== userId ? 'identity_in_use' : 'already_linked';
  }

  /**
   * Removes the account's identity at this provider unless it is the account's last way to
   * sign in. The user's row is locked first, so two removals at once cannot both pass the
   * count. Returns false when it was the last way (or nothing was linked).
   */
  async unlink(userId: string, provider: SocialProvider): Promise<'removed' | 'last' | 'none'> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ updated_at: this.now() })
        .where('id', '=', userId)
        .execute();
      const identities = await tx
        .selectFrom('social_identities')
        .select('provider')
        .where('user_id', '=', userId)
        .execute();
      if (!identities.some((row) => row.provider === provider)) return 'none';
      const password = await tx
        .selectFrom('password_credentials')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (identities.length + (password ? 1 : 0) <= 1) return 'last';
      await tx
        .deleteFrom('social_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .execute();
      return 'removed';
    });
  }

  private hash(provider: SocialProvider, subject: string): string {
    return createHmac('sha256', this.key).update(`${provider}:${subject}`).digest('base64url');
  }
}
