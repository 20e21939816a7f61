import type { AppContext } from '../../context.js';

export interface VerificationItem {
  /** The check's name as the spec names it (for example 'Passport'). */
  name: string;
  /** When the check succeeded, ISO 8601. */
  dateTime: string;
  /**
   * The check no longer counts (too old, its document expired, or about another identity than
   * the profile now holds, features/identity): it is to be done again.
   */
  expired: boolean;
}

/**
 * The identity checks this user has passed, newest first, one entry per check (its latest
 * pass), each saying whether it has expired: the home page's Verifications column. Built from
 * the evidence records.
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
    items.push({
      name: evidence.check,
      dateTime: new Date(evidence.createdAt).toISOString(),
      expired: evidence.expired || !evidence.bound,
    });
  }
  return items;
}

/** What a shared identity shows: only the verifications that still count. */
export async function currentVerificationsOf(
  ctx: AppContext,
  userId: string,
): Promise<Array<Omit<VerificationItem, 'expired'>>> {
  return (await verificationsOf(ctx, userId))
    .filter((item) => !item.expired)
    .map(({ name, dateTime }) => ({ name, dateTime }));
}
