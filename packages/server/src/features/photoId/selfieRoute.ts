import type { CheckResult } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { recordMismatch } from '../checks/checkOutcome.js';
import { checkProvider } from '../checks/checkProviders.js';
import { checkAllowed, recordCheck } from '../checks/checkStep.js';
import { passedDocument } from './documentForSelfie.js';
import { photoBytes } from './imageBody.js';
import { onePhotoAtATime } from './photoCheckGuard.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

const check = 'SelfieComparison';

/**
 * POST /api/photoid/selfie: the selfie compared with the face on the document's photo held
 * for it in this sign-in request (409 photo_document_required without one, before anything is
 * counted). One selfie at a time (onePhotoAtATime), and the held photo is claimed before the
 * comparison (single-use: a retake gives it back, a result uses it up). The same face, real
 * and live, passes, and its evidence names the document's person; another face is a mismatch
 * (a failed check with its audit event; that face's photo is not kept); the document's face
 * but not a live one fails. Either way the check is complete and its photos are deleted (or
 * kept the retention).
 */
export function selfieHandler(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<CheckResult> => {
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
        if (!compared.ok) {
          const code = imageProblemCodes[compared.problem];
          throw await retakePhoto(ctx, check, accountId, code, compared.image);
        }
        const { passed, comparison, scores, transactionId, image } = compared.value;
        reply.header('Cache-Control', 'no-store');
        const found = { check, provider: provider.name, transactionId, scores } as const;
        const { journey } = request;
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
        await ctx.photoImages.complete(accountId, photos, held.id);
        completed = true;
        return result;
      } finally {
        if (!completed) await ctx.photoImages.release(held.id);
      }
    });
  };
}
