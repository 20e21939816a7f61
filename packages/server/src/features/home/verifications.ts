import type { AppContext } from '../../context.js';

export interface VerificationItem {
  /** The check's name as the spec names it (for example 'Passport'). */
  name: string;
  /** When the check succeeded, ISO 8601. */
  dateTime: string;
}

/**
 * The identity checks this user has passed, newest first: the home page's Verifications
 * column and the shared-identity summary both read this one list. Identity-check evidence
 * arrives with the identity checks issue; until then nobody has any.
 */
export async function verificationsOf(
  _ctx: AppContext,
  _userId: string,
): Promise<VerificationItem[]> {
  return [];
}
