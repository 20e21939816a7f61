import type { CheckName, Language } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { checkNames } from '../../messages/verificationTexts.js';
import { evidenceDescription } from '../evidence/verifiedSummary.js';

export interface VerificationItem {
  /** Which check: an identifier for /Verify, never shown. */
  check: CheckName;
  /** The check's people-facing label (for example 'Financial questions'). */
  name: string;
  /** What it verified, by what evidence ('Name and date of birth verified from your passport'). */
  verified: string;
  /** When the check succeeded, ISO 8601. */
  dateTime: string;
  /**
   * The check no longer counts (too old, its document expired, or about another identity than
   * the profile now holds, features/identity): it is to be done again.
   */
  expired: boolean;
  /** It no longer counts because the profile's details changed since (not its age). */
  detailsChanged: boolean;
}

/**
 * The identity checks this user has passed, newest first, one entry per check (its latest
 * pass), each saying whether it has expired: the home page's Verifications column. Built from
 * the evidence records. Names and descriptions in `language` (the browser reading them).
 */
export async function verificationsOf(
  ctx: AppContext,
  userId: string,
  language: Language,
): Promise<VerificationItem[]> {
  const seen = new Set<string>();
  const items: VerificationItem[] = [];
  for (const evidence of await ctx.evidence.forUser(userId)) {
    if (evidence.outcome !== 'passed' || seen.has(evidence.check)) continue;
    seen.add(evidence.check);
    items.push({
      check: evidence.check,
      name: checkNames[language][evidence.check],
      verified: evidenceDescription(evidence, language),
      dateTime: new Date(evidence.createdAt).toISOString(),
      expired: evidence.expired || !evidence.bound,
      detailsChanged: !evidence.bound,
    });
  }
  return items;
}

/** What a shared identity shows: only the verifications that still count, by label. */
export async function currentVerificationsOf(
  ctx: AppContext,
  userId: string,
  language: Language,
): Promise<Array<Pick<VerificationItem, 'name' | 'verified' | 'dateTime'>>> {
  return (await verificationsOf(ctx, userId, language))
    .filter((item) => !item.expired)
    .map(({ name, verified, dateTime }) => ({ name, verified, dateTime }));
}
