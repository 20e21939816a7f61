import type { AddressValue } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { Account, AccountClaims, FindAccount } from 'oidc-provider';
import type { Database } from '../db/schema.js';
import { Precompiled } from '../db/precompiled.js';
import type { EvidenceStore } from '../features/evidence/evidenceStore.js';
import { verifiedClaims } from '../features/evidence/verifiedClaims.js';
import type { ProfileStore } from '../features/profile/profileStore.js';
import { RequestMemo } from './requestMemo.js';

/** The OpenID Connect address claim (Core 5.1.1) from a profile address. */
export function oidcAddress(address: AddressValue) {
  return {
    formatted: `${address.text}, ${address.postcode}`,
    postal_code: address.postcode,
    country: 'GB',
  };
}

/** Where an account found by accountFinder keeps its user's number of second-factor methods. */
export const SECOND_FACTORS = 'verity:secondFactors';

/** The number of second-factor methods of the account oidc-provider loaded, if it is `sub`'s. */
export function secondFactorsOf(account: unknown, sub: string): number | undefined {
  const loaded = account as { accountId?: string; [SECOND_FACTORS]?: unknown } | undefined;
  const count = loaded?.accountId === sub ? loaded[SECOND_FACTORS] : undefined;
  return typeof count === 'number' ? count : undefined;
}

/** What an account is built from: the user, its number of second factors, its stored profile. */
export interface UserRow {
  id: string;
  email: string;
  email_verified: number;
  second_factors: number | null;
  profile: string | null;
}

/**
 * The user row read in the same statement as the code or refresh token a request presented
 * (oidc/adapter.ts findWithRelated), for that request's account lookup (requestMemo.ts: this
 * request only, once). The token request's own writes (consume, tokens saved) are to
 * oidc_payloads and never change it, so unlike the Grant and Session it is kept across them.
 */
export const accountRows = new RequestMemo<UserRow>();

/**
 * Run by every code exchange, refresh and single sign-on: built and compiled once
 * (db/precompiled.ts). The number of second-factor methods comes in the same statement (the
 * login prompt's step-up check asks it of every single sign-on: provider.ts, secondFactorsOf),
 * and so does the stored profile, which every token's claims need: one statement, not three.
 */
const findUser = new Precompiled<{ id: string }, UserRow>((db, p) =>
  db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.email_verified', 'profiles.data as profile'])
    .select((eb) =>
      eb
        .selectFrom('second_factors')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('second_factors.user_id', '=', 'users.id')
        .as('second_factors'),
    )
    .where('users.id', '=', p('id')),
);

/**
 * Looks up the signed-in user for oidc-provider, with every claim we hold; oidc-provider
 * releases only those the request asked for and the grant (the user's consent) covers.
 */
export function accountFinder(
  db: Kysely<Database>,
  profiles: ProfileStore,
  customClaims: readonly string[] = [],
  evidence?: EvidenceStore,
): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const user = accountRows.take(sub) ?? (await findUser.rows(db, { id: sub }))[0];
    if (!user) return undefined;
    return {
      accountId: user.id,
      [SECOND_FACTORS]: Number(user.second_factors ?? 0),
      claims: async (_use, _scope, requested) => {
        const profile = profiles.decode(user.id, user.profile);
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
        // Built only when asked for; oidc-provider releases it only when the grant covers it.
        const verifiedRequest = (requested as Record<string, unknown> | undefined)?.verified_claims;
        if (evidence && verifiedRequest !== undefined) {
          const verified = verifiedClaims(await evidence.forUser(user.id), verifiedRequest);
          if (verified) claims.verified_claims = verified;
        }
        return claims;
      },
    };
  };
}
