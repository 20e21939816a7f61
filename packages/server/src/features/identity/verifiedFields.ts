import type { AppContext } from '../../context.js';
import { verifiedClaims } from '../evidence/verifiedClaims.js';

/** Which of the profile's identity fields evidence verifies now. */
export interface VerifiedFields {
  given_name: boolean;
  family_name: boolean;
  birthdate: boolean;
}

/**
 * The profile fields evidence that counts now verifies: exactly the claims verified_claims
 * would release (evidence/verifiedValues.ts decides what each piece verifies: a document or
 * credit file its names and birth date, a card, bank account or mobile contract nothing).
 * Evidence is bound to the profile as it is, so an edited field is verified again only by a
 * check that matches the new value. For the SPA to show verified fields as such and warn
 * before an edit.
 */
export async function verifiedFields(ctx: AppContext, userId: string): Promise<VerifiedFields> {
  const released = verifiedClaims(await ctx.evidence.forUser(userId), undefined);
  const claims = (released?.claims ?? {}) as Record<string, string>;
  return {
    given_name: 'given_name' in claims,
    family_name: 'family_name' in claims,
    birthdate: 'birthdate' in claims,
  };
}
