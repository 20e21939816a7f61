import { randomUUID } from 'node:crypto';
import { isLanguage, type Language } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The account was closed (deleted); only its kept verification records remain. */
  closed: boolean;
  /**
   * The language of the owner's last sign-in ('en' or 'cy'), null before the first: for mail
   * sent outside the owner's own request (the password lock notice).
   */
  language: Language | null;
}

type UserRow = {
  id: string;
  email: string;
  email_verified: number;
  closed_at: number | null;
  language: string | null;
};

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified === 1,
  closed: row.closed_at !== null,
  language: isLanguage(row.language) ? row.language : null,
});

export class UserStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified', 'closed_at', 'language'])
      .where('email', '=', email)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** findByEmail and passwordHash in one statement: the password login's read. */
  async findByEmailWithPasswordHash(
    email: string,
  ): Promise<{ user: User; passwordHash: string | null } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('password_credentials', 'password_credentials.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.email_verified',
        'users.closed_at',
        'users.language',
        'password_credentials.hash',
      ])
      .where('users.email', '=', email)
      .executeTakeFirst();
    return row && { user: toUser(row), passwordHash: row.hash ?? null };
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified', 'closed_at', 'language'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** Creates an unverified account, or returns the one that exists. */
  async findOrCreate(email: string): Promise<{ user: User; created: boolean }> {
    const existing = await this.findByEmail(email);
    if (existing) return { user: existing, created: false };
    const now = this.now();
    const id = randomUUID();
    const inserted = await this.db
      .insertInto('users')
      .values({ id, email, email_verified: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      return { user: (await this.findByEmail(email))!, created: false };
    }
    return {
      user: { id, email, emailVerified: false, closed: false, language: null },
      created: true,
    };
  }

  async markVerified(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_verified: 1, updated_at: this.now() })
      .where('id', '=', userId)
      .execute();
  }

  /** Remembers the owner's language; writes only when it changed (most sign-ins keep it). */
  async setLanguage(userId: string, language: Language): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ language })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('language', 'is', null), eb('language', '<>', language)]))
      .execute();
  }

  async passwordHash(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('password_credentials')
      .select('hash')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.hash ?? null;
  }

  async setPasswordHash(userId: string, hash: string): Promise<void> {
    const updated_at = this.now();
    await this.db
      .insertInto('password_credentials')
      .values({ user_id: userId, hash, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, updated_at }))
      .execute();
  }

  /**
   * Replaces the password only if it is still `expected` (null: none), in one conditional
   * statement whose row count decides: of parallel resets from one state, one wins.
   */
  async replacePasswordHash(
    userId: string,
    expected: string | null,
    hash: string,
  ): Promise<boolean> {
    const updated_at = this.now();
    if (expected === null) {
      const inserted = await this.db
        .insertInto('password_credentials')
        .values({ user_id: userId, hash, updated_at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.db
      .updateTable('password_credentials')
      .set({ hash, updated_at })
      .where('user_id', '=', userId)
      .where('hash', '=', expected)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async acceptTerms(userId: string, version: string): Promise<void> {
    await this.db
      .insertInto('terms_acceptances')
      .values({ user_id: userId, version, accepted_at: this.now() })
      .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
      .execute();
  }

  async termsAccepted(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('terms_acceptances')
      .select('version')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.version);
  }
}
