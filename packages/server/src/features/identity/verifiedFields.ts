import type { AppContext } from '../../context.js';
import { currentPasses } from '../evidence/evidenceStore.js';

/** Which of the profile's identity fields evidence verifies now. */
export interface VerifiedFields {
  given_name: boolean;
  family_name: boolean;
  birthdate: boolean;
}

/**
 * The profile fields evidence that counts now verifies (it is bound to the profile as it is,
 * so an edited field is verified again only by a check that matches the new value): a
 * document or credit file verifies the names and birth date it holds, a holder name (card,
 * bank) the names. For the SPA to show verified fields as such and warn before an edit.
 */
export async function verifiedFields(ctx: AppContext, userId: string): Promise<VerifiedFields> {
  const passes = currentPasses(await ctx.evidence.forUser(userId));
  const names = passes.some(
    (evidence) => evidence.attributes?.holder_name || evidence.attributes?.family_name,
  );
  return {
    given_name: names,
    family_name: names,
    birthdate: passes.some((evidence) => evidence.attributes?.birthdate),
  };
}
