import type { CheckName, CheckResult, PhotoCheckPending } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { StepView } from '../../journey/journey.js';
import { checkProvider } from '../checks/checkProviders.js';
import { checkAllowed } from '../checks/checkStep.js';
import { documentForSelfie } from './documentForSelfie.js';
import { documentOutcome } from './documentOutcome.js';
import { photoBytes } from './imageBody.js';
import type { DocumentReading } from './photoId.js';
import { onePhotoAtATime } from './photoCheckGuard.js';
import { isPending } from './photoIdProvider.js';
import { readAcceptableDocument } from './readDocumentPhoto.js';
import { pendingAnswer } from './vendor/pendingAnswer.js';

/**
 * POST /api/photoid/{passport,drivinglicence}: one photo at a time per user and check
 * (onePhotoAtATime); the document's photo read (an image problem is a counted retake), the
 * document acceptable (UK, consistent, not expired), then its outcome (documentOutcome.ts).
 * A vendor that answers later: 202 pending, settled by GET /api/photoid/status. A document
 * passed before is photographed again when its selfie is still to do (documentForSelfie.ts).
 */
export function documentPhotoHandler(
  ctx: AppContext,
  check: Extract<CheckName, 'GenuinePassport' | 'GenuineDrivingLicence'>,
  kind: DocumentReading['kind'],
) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CheckResult | PhotoCheckPending> => {
    const bytes = photoBytes(request);
    const provider = checkProvider(ctx.photoId);
    const { step: current } = request.journey;
    const { accountId } = current;
    const selfieRequest = await selfieFollows(ctx, current);
    // Passed before, with the selfie still to do: the document again, for the selfie.
    if (selfieRequest && (await ctx.evidence.standing(accountId)).passed.has(check))
      return onePhotoAtATime(ctx, 'SelfieComparison', accountId, 'document', () =>
        documentForSelfie(ctx, request, provider, check, kind, bytes, selfieRequest, reply),
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
      if (isPending(read))
        return pendingAnswer(ctx, request, reply, { purpose: 'document', check, kind, read });
      reply.header('Cache-Control', 'no-store');
      return documentOutcome(ctx, request.journey, check, provider.name, read, selfieRequest);
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
