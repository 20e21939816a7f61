import type { CoreIdentity } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { ProfileValues } from '../profile/profileStore.js';

/** The profile's address history: each address the profile holds, current first. */
export interface CoreAddress {
  postcode: string;
  text: string;
}

/**
 * The one identity every check is matched against (issue 17): the profile's names, birth date
 * and address history. Names and the birth date bind evidence (identityMatch in contracts);
 * the addresses' postcodes are matched only with a record that carries its subject's address
 * (a credit file: the agency looks it up by them), never with a document's (people move;
 * GOV.UK's evaluator does not match those either), and never bind evidence later.
 */
export interface ClaimedIdentity extends CoreIdentity {
  addresses: CoreAddress[];
  postcodes: string[];
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function address(value: unknown): CoreAddress | null {
  if (!value || typeof value !== 'object') return null;
  const { postcode, text: line } = value as { postcode?: unknown; text?: unknown };
  return typeof postcode === 'string'
    ? { postcode, text: typeof line === 'string' ? line : '' }
    : null;
}

/** The claimed identity in a profile's values (no name: `names` is empty and nothing binds). */
export function coreIdentityOf(profile: ProfileValues): ClaimedIdentity {
  const given = text(profile.given_name);
  const family = text(profile.family_name);
  const addresses = Object.values(profile)
    .map(address)
    .filter((found): found is CoreAddress => found !== null);
  return {
    names: given && family ? [{ givenNames: given, familyName: family }] : [],
    birthDate: text(profile.birthdate),
    addresses,
    postcodes: addresses.map((found) => found.postcode).filter((code) => code.trim() !== ''),
  };
}

/** This user's claimed identity, loaded once per call from the profile. */
export async function claimedIdentity(ctx: AppContext, userId: string): Promise<ClaimedIdentity> {
  return coreIdentityOf(await ctx.profiles.get(userId));
}

/**
 * The claimed identity a check needs before any provider is asked: a check matches a record
 * with the profile's name (and birth date, for a record that has one: a document, a credit
 * file, a contract), so without them nothing could pass (409 identity_details_required, free).
 */
export async function requireClaimedIdentity(
  ctx: AppContext,
  userId: string,
  needsBirthDate: boolean,
): Promise<ClaimedIdentity> {
  const core = await claimedIdentity(ctx, userId);
  if (core.names.length === 0 || (needsBirthDate && core.birthDate === null))
    throw new ApiError('identity_details_required');
  return core;
}
