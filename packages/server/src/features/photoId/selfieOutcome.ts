import type { CheckResult } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import type { Journey } from '../../journey/journey.js';
import { recordMismatch } from '../checks/checkOutcome.js';
import { recordCheck } from '../checks/checkStep.js';
import type { Evidence } from '../evidence/evidenceStore.js';
import type { SelfieComparisonResult } from './photoIdProvider.js';

/**
 * A selfie compared with the document's face, settled (at once, or from a vendor's answer
 * later): the same face, real and live, passes, and its evidence names the document's person;
 * another face is a mismatch (a failed check with its audit event; that face's photo is not
 * kept); the document's face but not a live one fails. Either way the check is complete and
 * its photos, and the held document's (`heldId`), are deleted (or kept the retention).
 */
export async function selfieOutcome(
  ctx: AppContext,
  journey: Journey,
  provider: string,
  compared: SelfieComparisonResult,
  document: Evidence,
  heldId: string,
): Promise<CheckResult> {
  const check = 'SelfieComparison';
  const { passed, comparison, scores, transactionId, image } = compared;
  const found = { check, provider, transactionId, scores } as const;
  const result = passed
    ? await recordCheck(ctx, journey, {
        ...found,
        outcome: 'passed',
        attributes: document.attributes,
      })
    : comparison.match
      ? // The document's face, but not a real, live one (a photo of a photo): failed.
        await recordCheck(ctx, journey, { ...found, outcome: 'failed', attributes: null })
      : await recordMismatch(ctx, journey, found);
  // Another face is another person's: nothing of it is kept.
  const photos = comparison.match ? [{ check, kind: 'selfie' as const, image }] : [];
  await ctx.photoImages.complete(journey.step.accountId, photos, heldId);
  return result;
}
