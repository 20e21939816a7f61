import { matchIdentity, type CheckName, type CheckResult } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import type { Journey } from '../../journey/journey.js';
import { recordMismatch, settleCheck } from '../checks/checkOutcome.js';
import { coreIdentityOf } from '../identity/coreIdentity.js';
import { documentPhotoFinding, profileCapture } from './documentPhoto.js';
import type { DocumentPhoto } from './photoIdProvider.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';

/**
 * A document's photo, read and acceptable, settled: the outcome every check shares, matched
 * with the claimed identity, an empty profile's fields taken from the document (saved only
 * when it passes). The photo is held for this request's selfie still to come, else deleted
 * (or kept for the retention) as the check is complete; another person's is never kept. The
 * same for a photo read at once (documentPhotoRoute.ts) and a vendor's answered later
 * (vendor/pendingPhotoSettle.ts).
 */
export async function documentOutcome(
  ctx: AppContext,
  journey: Journey,
  check: Extract<CheckName, 'GenuinePassport' | 'GenuineDrivingLicence'>,
  provider: string,
  photo: DocumentPhoto,
  selfieRequest: string | null,
): Promise<CheckResult> {
  const { accountId } = journey.step;
  const { reading, image, scores, transactionId } = photo;
  const finding = documentPhotoFinding(reading, scores, transactionId);
  const profile = await ctx.profiles.get(accountId);
  const captured = profileCapture(profile, reading);
  // Matched with the profile as it would be after the capture, saved only on a pass.
  const claimed = coreIdentityOf({ ...profile, ...captured });
  if (!finding.found || !finding.person || !matchIdentity(claimed, finding.person).matches)
    return recordMismatch(ctx, journey, { check, provider, transactionId, scores });
  if (Object.keys(captured).length > 0) await ctx.profiles.update(accountId, captured);
  const result = await settleCheck(ctx, journey, check, provider, finding);
  // Unless this pass met the assurance by itself, the selfie still to come needs this photo.
  if (result.verified && selfieRequest && result.assuranceChoice.includes('SelfieComparison'))
    await ctx.photoImages.hold(
      accountId,
      check,
      image,
      Date.now() + HOLD_FOR_SELFIE_MS,
      selfieRequest,
    );
  else if (result.verified)
    await ctx.photoImages.complete(accountId, [{ check, kind: 'document', image }]);
  return result;
}
