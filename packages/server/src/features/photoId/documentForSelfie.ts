import { isoToday, matchIdentity, type CheckName, type CheckResult } from '@verity/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { recordMismatch } from '../checks/checkOutcome.js';
import { checkAllowed } from '../checks/checkStep.js';
import { claimedIdentity } from '../identity/coreIdentity.js';
import { documentRefusal } from './documentPhoto.js';
import type { DocumentReading } from './photoId.js';
import type { PhotoIdProvider } from './photoIdProvider.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

const selfie = 'SelfieComparison';

/**
 * The document's photo again, for a selfie still to do when the document check passed before
 * (another request, or a hold that ended): GOV.UK's app takes the selfie with the document,
 * so the document is photographed again, counted as a try of the selfie. It is read and held
 * for the selfie, and no new document evidence is recorded; a document of another person than
 * the claimed identity fails the selfie check (the outcome every check shares for another
 * person's record).
 */
export async function documentForSelfie(
  ctx: AppContext,
  request: FastifyRequest,
  provider: PhotoIdProvider,
  check: CheckName,
  kind: DocumentReading['kind'],
  bytes: Buffer,
): Promise<CheckResult> {
  const view = await checkAllowed(ctx, request, selfie, () => ({}));
  const read = await provider.readDocument(kind, bytes, { withFace: true });
  if (!read.ok)
    throw await retakePhoto(
      ctx,
      selfie,
      view.accountId,
      imageProblemCodes[read.problem],
      'document',
    );
  const { reading, image, transactionId } = read.value;
  const refusal = documentRefusal(reading, isoToday());
  if (refusal === 'photo_details_inconsistent')
    throw await retakePhoto(ctx, selfie, view.accountId, refusal, 'document');
  if (refusal) throw new ApiError(refusal, undefined, { image: 'document' });
  const person = {
    kind: 'document' as const,
    name: { givenNames: reading.givenNames, familyName: reading.surname },
    birthDate: reading.birthDate,
  };
  if (!matchIdentity(await claimedIdentity(ctx, view.accountId), person).matches) {
    const scores = { strength: 0, validity: 0, activity: 0, fraud: 0, verification: 0 };
    const found = { check: selfie, provider: provider.name, transactionId, scores } as const;
    return recordMismatch(ctx, request.journey, found);
  }
  await ctx.photoImages.hold(view.accountId, check, image, Date.now() + HOLD_FOR_SELFIE_MS);
  const uid = view.interaction?.uid;
  return {
    check,
    verified: true,
    userRequirements: await request.journey.outstanding(),
    assuranceChoice: uid ? await ctx.assuranceChoices.get(uid) : [],
  };
}
