import type { AppContext } from '../../context.js';
import { currentPasses, type Evidence } from '../evidence/evidenceStore.js';
import type { ProfileValues } from './profileStore.js';

/** The profile fields an identity check can verify (verified_claims.claims). */
const verifiableFields = ['given_name', 'family_name', 'birthdate'] as const;

/** Names compare as a person reads them: case, spacing and accents aside. */
function sameValue(field: (typeof verifiableFields)[number], a: string, b: string): boolean {
  if (field === 'birthdate') return a === b;
  const plain = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return plain(a) === plain(b);
}

/**
 * The profile fields whose value a passed check that still counts verified: /Profile shows them
 * as verified and warns before they are changed. A field edited since no longer matches, so it
 * is no longer listed. Pure, for the table test; `verifiedProfileFieldsOf` loads the data.
 */
export function verifiedFieldsFrom(
  evidence: readonly Evidence[],
  profile: ProfileValues,
): string[] {
  const passes = currentPasses(evidence);
  return verifiableFields.filter((field) => {
    const value = profile[field];
    return (
      typeof value === 'string' &&
      passes.some((e) => {
        const verified = e.attributes?.[field];
        return typeof verified === 'string' && sameValue(field, verified, value);
      })
    );
  });
}

/** The verified fields of this user's profile (see verifiedFieldsFrom). */
export async function verifiedProfileFieldsOf(ctx: AppContext, userId: string): Promise<string[]> {
  const [evidence, profile] = await Promise.all([
    ctx.evidence.forUser(userId),
    ctx.profiles.get(userId),
  ]);
  return verifiedFieldsFrom(evidence, profile);
}
