import type { AddressValue } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { Account, AccountClaims, FindAccount } from 'oidc-provider';
import type { Database } from '../db/schema.js';
import type { ProfileStore } from '../features/profile/profileStore.js';

/** The OpenID Connect address claim (Core 5.1.1) from a profile address. */
export function oidcAddress(address: AddressValue) {
  return {
    formatted: `${address.text}, ${address.postcode}`,
    postal_code: address.postcode,
    country: 'GB',
  };
}

/**
 * Looks up the signed-in user for oidc-provider, with every claim we hold; oidc-provider
 * releases only those the request asked for and the grant (the user's consent) covers.
 */
export function accountFinder(
  db: Kysely<Database>,
  profiles: ProfileStore,
  customClaims: readonly string[] = [],
): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified'])
      .where('id', '=', sub)
      .executeTakeFirst();
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: async () => {
        const profile = await profiles.get(user.id);
        const claims: AccountClaims = {
          sub: user.id,
          email: user.email,
          email_verified: user.email_verified === 1,
        };
        for (const name of ['given_name', 'family_name', 'birthdate', 'phone_number'] as const) {
          if (typeof profile[name] === 'string') claims[name] = profile[name];
        }
        for (const name of customClaims)
          if (typeof profile[name] === 'string') claims[name] = profile[name];
        if (profile.address && typeof profile.address === 'object')
          claims.address = oidcAddress(profile.address as AddressValue);
        return claims;
      },
    };
  };
}
