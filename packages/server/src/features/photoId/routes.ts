import { checkResultSchema, isoToday, requestQuerySchema, type CheckName } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { step } from '../../journey/access.js';
import type { StepView } from '../../journey/journey.js';
import { recordMismatch, settleCheck } from '../checks/checkOutcome.js';
import { checkOffered, checkProvider } from '../checks/checkProviders.js';
import { checkAllowed, recordCheck } from '../checks/checkStep.js';
import { currentPasses } from '../evidence/evidenceStore.js';
import { captureProfile, documentPhotoFinding, documentRefusal } from './documentPhoto.js';
import { acceptImageBodies, photoBytes } from './imageBody.js';
import { maxImageBytes } from './images.js';
import type { DocumentReading } from './photoId.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

const documentRoutes = [
  { url: '/api/photoid/passport', check: 'GenuinePassport', kind: 'passport' },
  { url: '/api/photoid/drivinglicence', check: 'GenuineDrivingLicence', kind: 'drivingLicence' },
] as const satisfies ReadonlyArray<{
  url: string;
  check: CheckName;
  kind: DocumentReading['kind'];
}>;

/** Each photo route's declaration: a check step, the photo's body limit, the answer's schema. */
const routeOptions = () => ({
  config: { access: step('check') },
  bodyLimit: maxImageBytes,
  schema: { querystring: requestQuerySchema, response: { 200: checkResultSchema } },
});

/**
 * The photo checks without the app (docs/flows/identity-checks.md, 'Document photos'):
 * POST /api/photoid/passport and /api/photoid/drivinglicence take the document's photo
 * (GenuinePassport on /PassportPhoto, GenuineDrivingLicence on /DrivingLicencePhoto), then,
 * when the request asks for SelfieComparison, POST /api/photoid/selfie takes the selfie,
 * compared with the document's face. Each body is the photo itself (imageBody.ts).
 */
export function photoIdRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    acceptImageBodies(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    for (const { url, check, kind } of documentRoutes) {
      routes.post(url, routeOptions(), async (request, reply) => {
        const bytes = photoBytes(request);
        const view = await checkAllowed(ctx, request, check, () => ({}));
        const provider = checkProvider(ctx.photoId);
        const withFace = await selfieFollows(ctx, view);
        const read = await provider.readDocument(kind, bytes, { withFace });
        if (!read.ok)
          throw await retakePhoto(
            ctx,
            check,
            view.accountId,
            imageProblemCodes[read.problem],
            read.image,
          );
        const { reading, image, scores, transactionId } = read.value;
        const refusal = documentRefusal(reading, isoToday());
        if (refusal === 'photo_details_inconsistent')
          throw await retakePhoto(ctx, check, view.accountId, refusal, 'document');
        if (refusal) throw new ApiError(refusal, undefined, { image: 'document' });
        reply.header('Cache-Control', 'no-store');
        await captureProfile(ctx, view.accountId, reading);
        const result = await settleCheck(
          ctx,
          request.journey,
          check,
          provider.name,
          documentPhotoFinding(reading, scores, transactionId),
        );
        // The selfie still to come is compared with this photo: held for it (unless this pass
        // met the assurance by itself); else the check is complete.
        if (result.verified && withFace && result.assuranceChoice.includes('SelfieComparison'))
          await ctx.photoImages.hold(view.accountId, check, image, Date.now() + HOLD_FOR_SELFIE_MS);
        else await ctx.photoImages.complete(view.accountId, [{ check, kind: 'document', image }]);
        return result;
      });
    }

    routes.post('/api/photoid/selfie', routeOptions(), async (request, reply) => {
      const check = 'SelfieComparison';
      const bytes = photoBytes(request);
      if (!checkOffered(ctx, check)) throw new ApiError('check_not_offered');
      // The document's photo comes first (not counted without it).
      const { accountId } = request.journey.step;
      const held = await ctx.photoImages.heldDocument(accountId);
      const document = held && (await documentEvidence(ctx, accountId, held.check));
      if (!held || !document) throw new ApiError('photo_document_required');
      const view = await checkAllowed(ctx, request, check, () => ({}));
      const provider = checkProvider(ctx.photoId);
      const compared = await provider.compareSelfie(held.image, bytes);
      if (!compared.ok)
        throw await retakePhoto(
          ctx,
          check,
          accountId,
          imageProblemCodes[compared.problem],
          compared.image,
        );
      const { passed, comparison, scores, transactionId, image } = compared.value;
      reply.header('Cache-Control', 'no-store');
      const found = { check, provider: provider.name, transactionId, scores } as const;
      const result = passed
        ? // The selfie verifies the person the document names: its evidence names them too.
          await recordCheck(ctx, request.journey, {
            ...found,
            outcome: 'passed',
            attributes: document.attributes,
          })
        : comparison.match
          ? // The document's face, but not a real, live one (a photo of a photo): failed.
            await recordCheck(ctx, request.journey, {
              ...found,
              outcome: 'failed',
              attributes: null,
            })
          : await recordMismatch(ctx, request.journey, found);
      await ctx.photoImages.complete(view.accountId, [{ check, kind: 'selfie', image }]);
      return result;
    });
  });
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

/** The passed document check whose photo the selfie is compared with, while it counts. */
async function documentEvidence(ctx: AppContext, accountId: string, check: string) {
  const passes = currentPasses(await ctx.evidence.forUser(accountId));
  return passes.find((evidence) => evidence.check === check && evidence.attributes) ?? null;
}
