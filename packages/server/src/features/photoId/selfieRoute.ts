import type { CheckResult } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { recordMismatch } from '../checks/checkOutcome.js';
import { checkOffered, checkProvider } from '../checks/checkProviders.js';
import { checkAllowed, recordCheck } from '../checks/checkStep.js';
import { currentPasses, type Evidence } from '../evidence/evidenceStore.js';
import { photoBytes } from './imageBody.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

const check = 'SelfieComparison';

/**
 * POST /api/photoid/selfie: the selfie compared with the face on the document's photo held
 * for it (409 photo_document_required without one, before anything is counted). The same
 * face, real and live, passes, and its evidence names the document's person; another face is
 * a mismatch (a failed check with its audit event); the document's face but not a live one
 * fails. Either way the check is complete and its photos are deleted (or kept the retention).
 */
export function selfieHandler(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<CheckResult> => {
    const bytes = photoBytes(request);
    if (!checkOffered(ctx, check)) throw new ApiError('check_not_offered');
    const { accountId } = request.journey.step;
    const heldCheck = await ctx.photoImages.heldDocumentCheck(accountId);
    const document = heldCheck && (await documentEvidence(ctx, accountId, heldCheck));
    if (!document) throw new ApiError('photo_document_required');
    await checkAllowed(ctx, request, check, () => ({}));
    const held = await ctx.photoImages.heldDocument(accountId);
    if (!held) throw new ApiError('photo_document_required'); // its hold ended just now
    const provider = checkProvider(ctx.photoId);
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
    await ctx.photoImages.complete(accountId, [{ check, kind: 'selfie', image }]);
    return result;
  };
}

/** The passed document check whose photo the selfie is compared with, while it counts. */
async function documentEvidence(
  ctx: AppContext,
  accountId: string,
  documentCheck: string,
): Promise<Evidence | null> {
  const passes = currentPasses(await ctx.evidence.forUser(accountId));
  return passes.find((evidence) => evidence.check === documentCheck && evidence.attributes) ?? null;
}
