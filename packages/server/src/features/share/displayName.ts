import type { Evidence } from '../evidence/evidenceStore.js';
import { verifiedClaims } from '../evidence/verifiedClaims.js';
import type { ProfileValues } from '../profile/profileStore.js';

/** The user's full name from their profile (given and family names), or null without one. */
export function displayName(profile: ProfileValues): string | null {
  const parts = [profile.given_name, profile.family_name]
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The name evidence verified (the values verified_claims would release), or null when no
 * evidence that counts verified a name: what a third party may be told is this person's name.
 */
export function verifiedDisplayName(evidence: readonly Evidence[]): string | null {
  const claims = verifiedClaims(evidence, undefined)?.claims;
  return claims ? displayName(claims as ProfileValues) : null;
}
