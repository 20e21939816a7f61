import type { Kysely } from 'kysely';
import type { Account, FindAccount } from 'oidc-provider';
import type { Database } from '../db/schema.js';

/**
 * Looks up the signed-in user for oidc-provider. Claims grow as the profile and identity
 * check features land; the platform knows the e-mail only.
 */
export function accountFinder(db: Kysely<Database>): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified'])
      .where('id', '=', sub)
      .executeTakeFirst();
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: async () => ({
        sub: user.id,
        email: user.email,
        email_verified: user.email_verified === 1,
      }),
    };
  };
}
