import { matchIdentity, type CheckName, type CheckResult } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { StepView } from '../../journey/journey.js';
import { recordMismatch, settleCheck } from '../checks/checkOutcome.js';
import { checkProvider } from '../checks/checkProviders.js';
import { checkAllowed } from '../checks/checkStep.js';
import { coreIdentityOf } from '../identity/coreIdentity.js';
import { documentPhotoFinding, profileCapture } from './documentPhoto.js';
import { documentForSelfie } from './documentForSelfie.js';
import { photoBytes } from './imageBody.js';
import type { DocumentReading } from './photoId.js';
import { onePhotoAtATime } from './photoCheckGuard.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';
import { readAcceptableDocument } from './readDocumentPhoto.js';

/**
 * POST /api/photoid/{passport,drivinglicence}: one photo at a time per user and check
 * (onePhotoAtATime); the document's photo read (an image problem is a counted retake), the
 * document acceptable (UK, consistent, not expired), then the outcome every check shares,
 * matched with the claimed identity, an empty profile's fields taken from the document (saved
 * only when it passes). The photo is held for this request's selfie still to come, else
 * deleted (or kept for the retention) as the check is complete; another person's is never
 * kept. A document passed before is photographed again when its selfie is still to do
 * (documentForSelfie.ts).
 */
export function documentPhotoHandler(
  ctx: AppContext,
  check: Extract<CheckName, 'GenuinePassport' | 'GenuineDrivingLicence'>,
  kind: DocumentReading['kind'],
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<CheckResult> => {
    const bytes = photoBytes(request);
    const provider = checkProvider(ctx.photoId);
    const { step: current } = request.journey;
    const { accountId } = current;
    const selfieRequest = await selfieFollows(ctx, current);
    // Passed before, with the selfie still to do: the document again, for the selfie.
    if (selfieRequest && (await ctx.evidence.standing(accountId)).passed.has(check))
      return onePhotoAtATime(ctx, 'SelfieComparison', accountId, 'document', () =>
        documentForSelfie(ctx, request, provider, check, kind, bytes, selfieRequest),
      );
    return onePhotoAtATime(ctx, check, accountId, 'document', async () => {
      await checkAllowed(ctx, request, check, () => ({}));
      const withFace = selfieRequest !== null;
      const read = await readAcceptableDocument(
        ctx,
        provider,
        check,
        accountId,
        kind,
        bytes,
        withFace,
      );
      const { reading, image, scores, transactionId } = read;
      reply.header('Cache-Control', 'no-store');
      const finding = documentPhotoFinding(reading, scores, transactionId);
      const profile = await ctx.profiles.get(accountId);
      const captured = profileCapture(profile, reading);
      // Matched with the profile as it would be after the capture, saved only on a pass.
      const claimed = coreIdentityOf({ ...profile, ...captured });
      if (!finding.found || !finding.person || !matchIdentity(claimed, finding.person).matches)
        return recordMismatch(ctx, request.journey, {
          check,
          provider: provider.name,
          transactionId,
          scores,
        });
      if (Object.keys(captured).length > 0) await ctx.profiles.update(accountId, captured);
      const result = await settleCheck(ctx, request.journey, check, provider.name, finding);
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
    });
  };
}

/**
 * The request's interaction uid when a selfie will follow this document (GOV.UK's app always
 * takes both): the request's chosen option has SelfieComparison. The document's face must then
 * be found before it passes, and its photo is held for that request's selfie. Null otherwise.
 */
async function selfieFollows(ctx: AppContext, view: StepView): Promise<string | null> {
  if (!view.interaction) return null;
  const uid = view.interaction.uid;
  return (await ctx.assuranceChoices.get(uid)).includes('SelfieComparison') ? uid : null;
}
