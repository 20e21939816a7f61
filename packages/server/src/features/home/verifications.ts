import type { AppContext } from '../../context.js';

export interface VerificationItem {
  /** The check's name as the spec names it (for example 'Passport'). */
  name: string;
  /** When the check succeeded, ISO 8601. */
  dateTime: string;
}

/**
 * The identity checks this user has passed, newest first, one entry per check (its latest
 * pass): the home page's Verifications column and the shared-identity summary both read this
 * one list, built from the evidence records.
 */
export async function verificationsOf(
  ctx: AppContext,
  userId: string,
): Promise<VerificationItem[]> {
  const seen = new Set<string>();
  const items: VerificationItem[] = [];
  for (const evidence of await ctx.evidence.forUser(userId)) {
    if (evidence.outcome !== 'passed' || seen.has(evidence.check)) continue;
    seen.add(evidence.check);
    items.push({ name: evidence.check, dateTime: new Date(evidence.createdAt).toISOString() });
  }
  return items;
}
