import type { CheckResult, PhotoCheckPending } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { checkProvider } from '../checks/checkProviders.js';
import { checkAllowed } from '../checks/checkStep.js';
import { passedDocument } from './documentForSelfie.js';
import { photoBytes } from './imageBody.js';
import { onePhotoAtATime } from './photoCheckGuard.js';
import { isPending } from './photoIdProvider.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';
import { selfieOutcome } from './selfieOutcome.js';
import { pendingAnswer } from './vendor/pendingAnswer.js';

const check = 'SelfieComparison';

/**
 * POST /api/photoid/selfie: the selfie compared with the face on the document's photo held
 * for it in this sign-in request (409 photo_document_required without one, before anything is
 * counted). One selfie at a time (onePhotoAtATime), and the held photo is claimed before the
 * comparison (single-use: a retake gives it back, a result uses it up), then its outcome
 * (selfieOutcome.ts). A vendor that answers later: 202 pending, settled by
 * GET /api/photoid/status, the held photo claimed until then.
 */
export function selfieHandler(ctx: AppContext) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CheckResult | PhotoCheckPending> => {
    const bytes = photoBytes(request);
    const provider = checkProvider(ctx.photoId);
    const { accountId, interaction } = request.journey.step;
    return onePhotoAtATime(ctx, check, accountId, 'selfie', async () => {
      const held = await ctx.photoImages.heldDocument(accountId, interaction?.uid ?? null);
      const document = held && (await passedDocument(ctx, accountId, held.check));
      if (!held || !document) throw new ApiError('photo_document_required');
      if (!(await ctx.photoImages.claim(held.id)))
        throw new ApiError('photo_check_in_progress', undefined, { image: 'selfie' });
      let completed = false;
      try {
        await checkAllowed(ctx, request, check, () => ({}));
        const compared = await provider.compareSelfie(held.image, bytes);
        if (isPending(compared)) {
          const pending = await pendingAnswer(ctx, request, reply, {
            purpose: 'selfie',
            check,
            kind: 'selfie',
            read: compared,
            held: { id: held.id, check: held.check },
          });
          // The held photo stays claimed until the vendor's answer settles (or the claim ends).
          completed = true;
          return pending;
        }
        if (!compared.ok) {
          const code = imageProblemCodes[compared.problem];
          throw await retakePhoto(ctx, check, accountId, code, compared.image);
        }
        reply.header('Cache-Control', 'no-store');
        const result = await selfieOutcome(
          ctx,
          request.journey,
          provider.name,
          compared.value,
          document,
          held.id,
        );
        completed = true;
        return result;
      } finally {
        if (!completed) await ctx.photoImages.release(held.id);
      }
    });
  };
}
