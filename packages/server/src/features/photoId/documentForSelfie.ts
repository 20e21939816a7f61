import {
  matchIdentity,
  type CheckName,
  type CheckResult,
  type PhotoCheckPending,
} from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Journey } from '../../journey/journey.js';
import { recordMismatch } from '../checks/checkOutcome.js';
import { checkAllowed } from '../checks/checkStep.js';
import { currentPasses, type Evidence } from '../evidence/evidenceStore.js';
import { claimedIdentity } from '../identity/coreIdentity.js';
import { documentType } from './documentPhoto.js';
import type { DocumentReading } from './photoId.js';
import { isPending, type DocumentPhoto, type PhotoIdProvider } from './photoIdProvider.js';
import { HOLD_FOR_SELFIE_MS } from './photoImageStore.js';
import { retakePhoto } from './photoProblems.js';
import { readAcceptableDocument } from './readDocumentPhoto.js';
import { pendingAnswer } from './vendor/pendingAnswer.js';

const selfie = 'SelfieComparison';

/** The passed document check (with what it verified) a selfie stands on, while it counts. */
export async function passedDocument(
  ctx: AppContext,
  accountId: string,
  check: string,
): Promise<Evidence | null> {
  const passes = currentPasses(await ctx.evidence.forUser(accountId));
  return passes.find((evidence) => evidence.check === check && evidence.attributes) ?? null;
}

/**
 * The document's photo again, for a selfie still to do when the document check passed before
 * (another request, or a hold that ended): GOV.UK's app takes the selfie with the document,
 * so the document is photographed again, counted as a try of the selfie. It must be the same
 * document as the evidence the selfie will stand on (kind and number; else 422
 * photo_document_not_same, a retake); it is read and held for this request's selfie, and no
 * new document evidence is recorded; a document of another person than the claimed identity
 * fails the selfie check (the outcome every check shares for another person's record).
 */
export async function documentForSelfie(
  ctx: AppContext,
  request: FastifyRequest,
  provider: PhotoIdProvider,
  check: CheckName,
  kind: DocumentReading['kind'],
  bytes: Buffer,
  requestUid: string,
  reply: FastifyReply,
): Promise<CheckResult | PhotoCheckPending> {
  const view = await checkAllowed(ctx, request, selfie, () => ({}));
  const { accountId } = view;
  const read = await readAcceptableDocument(ctx, provider, selfie, accountId, kind, bytes, true);
  if (isPending(read))
    return pendingAnswer(ctx, request, reply, {
      purpose: 'documentForSelfie',
      check,
      kind,
      read,
    });
  return documentForSelfieOutcome(
    ctx,
    request.journey,
    check,
    kind,
    provider.name,
    read,
    requestUid,
  );
}

/**
 * The document photographed again for the selfie, read and acceptable (at once, or from a
 * vendor's answer later): the same document as the evidence, matched with the claimed
 * identity, and held for this request's selfie.
 */
export async function documentForSelfieOutcome(
  ctx: AppContext,
  journey: Journey,
  check: CheckName,
  kind: DocumentReading['kind'],
  providerName: string,
  read: DocumentPhoto,
  requestUid: string,
): Promise<CheckResult> {
  const { accountId } = journey.step;
  const { reading, image, transactionId } = read;
  const earlier = (await passedDocument(ctx, accountId, check))?.attributes?.document;
  if (!earlier || earlier.type !== documentType(kind) || earlier.number !== reading.number)
    throw await retakePhoto(ctx, selfie, accountId, 'photo_document_not_same', 'document');
  const person = {
    kind: 'document' as const,
    name: { givenNames: reading.givenNames, familyName: reading.surname },
    birthDate: reading.birthDate,
  };
  if (!matchIdentity(await claimedIdentity(ctx, accountId), person).matches) {
    const scores = { strength: 0, validity: 0, activity: 0, fraud: 0, verification: 0 };
    const found = { check: selfie, provider: providerName, transactionId, scores } as const;
    return recordMismatch(ctx, journey, found);
  }
  await ctx.photoImages.hold(accountId, check, image, Date.now() + HOLD_FOR_SELFIE_MS, requestUid);
  return {
    check,
    verified: true,
    userRequirements: await journey.outstanding(),
    assuranceChoice: await ctx.assuranceChoices.get(requestUid),
  };
}
