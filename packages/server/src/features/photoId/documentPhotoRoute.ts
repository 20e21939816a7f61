import { isoToday, type CheckName, type CheckResult } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { StepView } from '../../journey/journey.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { checkProvider } from '../checks/checkProviders.js';
import { checkAllowed } from '../checks/checkStep.js';
import { captureProfile, documentPhotoFinding, documentRefusal } from './documentPhoto.js';
import { documentForSelfie } from './documentForSelfie.js';
import { photoBytes } from './imageBody.js';
import type { DocumentReading } from './photoId.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

/**
 * POST /api/photoid/{passport,drivinglicence}: the document's photo read (an image problem is
 * a counted retake), the document acceptable (UK, consistent, not expired), an empty profile
 * captured from it, then the outcome every check shares (settleCheck: matched with the claimed
 * identity). The photo is held for the selfie still to come, else deleted (or kept for the
 * retention) as the check is complete. A document passed before is photographed again when
 * its selfie is still to do (documentForSelfie.ts).
 */
export function documentPhotoHandler(
  ctx: AppContext,
  check: Extract<CheckName, 'GenuinePassport' | 'GenuineDrivingLicence'>,
  kind: DocumentReading['kind'],
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<CheckResult> => {
    const bytes = photoBytes(request);
    const { step: current } = request.journey;
    const withFace = await selfieFollows(ctx, current);
    // Passed before, with the selfie still to do: the document again, for the selfie.
    if (withFace && (await ctx.evidence.standing(current.accountId)).passed.has(check))
      return documentForSelfie(ctx, request, checkProvider(ctx.photoId), check, kind, bytes);
    const view = await checkAllowed(ctx, request, check, () => ({}));
    const provider = checkProvider(ctx.photoId);
    const read = await provider.readDocument(kind, bytes, { withFace });
    if (!read.ok)
      throw await retakePhoto(
        ctx,
        check,
        view.accountId,
        imageProblemCodes[read.problem],
        'document',
      );
    const { reading, image, scores, transactionId } = read.value;
    const refusal = documentRefusal(reading, isoToday());
    if (refusal === 'photo_details_inconsistent')
      throw await retakePhoto(ctx, check, view.accountId, refusal, 'document');
    if (refusal) throw new ApiError(refusal, undefined, { image: 'document' });
    reply.header('Cache-Control', 'no-store');
    await captureProfile(ctx, view.accountId, reading);
    const finding = documentPhotoFinding(reading, scores, transactionId);
    const result = await settleCheck(ctx, request.journey, check, provider.name, finding);
    // Unless this pass met the assurance by itself, the selfie still to come needs this photo.
    if (result.verified && withFace && result.assuranceChoice.includes('SelfieComparison'))
      await ctx.photoImages.hold(view.accountId, check, image, Date.now() + HOLD_FOR_SELFIE_MS);
    else await ctx.photoImages.complete(view.accountId, [{ check, kind: 'document', image }]);
    return result;
  };
}

/**
 * Whether a selfie will follow this document (GOV.UK's app always takes both): the request's
 * chosen option has SelfieComparison. The document's face must then be found before it passes.
 */
async function selfieFollows(ctx: AppContext, view: StepView): Promise<boolean> {
  if (!view.interaction) return false;
  const choice = await ctx.assuranceChoices.get(view.interaction.uid);
  return choice.includes('SelfieComparison');
}
