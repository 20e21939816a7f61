import {
  isErrorCode,
  type CheckName,
  type CheckResult,
  type PhotoCheckPending,
} from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError } from '../../../http/apiError.js';
import type { Journey } from '../../../journey/journey.js';
import { attemptSubject, checkLimits, recordCheck } from '../../checks/checkStep.js';
import { documentForSelfieOutcome, passedDocument } from '../documentForSelfie.js';
import { documentOutcome } from '../documentOutcome.js';
import type { DocumentReading, PreparedImage } from '../photoId.js';
import { PhotoPipelineUnavailable } from '../photoPipelineUnavailable.js';
import { imageProblemCodes, retakePhoto } from '../photoProblems.js';
import { acceptableDocument } from '../readDocumentPhoto.js';
import { selfieOutcome } from '../selfieOutcome.js';
import type { PendingCheck } from './pendingPhotoChecks.js';
import { isVendor, type VendorPhotoProvider } from './vendorPhotoProvider.js';

/** How long a check waits for its webhook before the status poll asks the vendor itself. */
export const PULL_AFTER_MS = 20_000;
const PULL_EVERY_SECONDS = 10;

/** A settled answer as kept for the polls after the one that settled. */
type Settled = { result: CheckResult } | { error: { code: string; details?: unknown } };

/**
 * GET /api/photoid/status: the one owner of settling a vendor's photo check. The webhook only
 * stores the vendor's result (fetched from the vendor); the browser's poll, in the user's own
 * sign-in request and journey, settles it with the outcome code the local pipeline uses
 * (documentOutcome, documentForSelfieOutcome, selfieOutcome). Answers:
 * - 202 pending while the vendor runs (or while another poll is settling it); a check with no
 *   webhook after PULL_AFTER_MS is asked of the vendor by the poll (pulled);
 * - the check's result, or its error (a retake, a refusal), once; the polls after it get the
 *   same answer again, kept with the check (no second settle: the check is consumed once);
 * - 503 when the vendor has not answered within PENDING_CHECK_MS: the try given back;
 * - 404 photo_check_not_pending when this request has no vendor check.
 */
export async function photoCheckStatus(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CheckResult | PhotoCheckPending> {
  const provider = ctx.photoId;
  const { accountId, interaction } = request.journey.step;
  if (!isVendor(provider) || !interaction) throw new ApiError('photo_check_not_pending');
  const pending = await ctx.pendingPhotoChecks.latest(accountId, interaction.uid);
  if (!pending) throw new ApiError('photo_check_not_pending');
  reply.header('Cache-Control', 'no-store');
  if (pending.settled !== null) return replay(pending.settled);
  const waiting = (): PhotoCheckPending => {
    reply.code(202);
    return { check: pending.check as CheckName, pending: true };
  };
  if (pending.expiresAt <= Date.now()) {
    await giveUp(ctx, pending);
    throw new PhotoPipelineUnavailable('vendor', { cause: new Error('no answer in time') });
  }
  const answered =
    pending.completed || (!pending.consumed && (await pulled(ctx, provider, pending)));
  if (!answered || pending.consumed) return waiting();
  const taken = await ctx.pendingPhotoChecks.take(pending);
  if (!taken) return waiting();
  try {
    const result = await settleTaken(ctx, request.journey, provider, pending, taken);
    await keep(ctx, pending, { result });
    return result;
  } catch (error) {
    if (error instanceof ApiError)
      await keep(ctx, pending, { error: { code: error.code, details: error.details } });
    throw error;
  }
}

/**
 * A check the webhook has not answered after PULL_AFTER_MS (a webhook lost, or sent before
 * the check was stored here and not yet sent again): the poll asks the vendor itself, at most
 * once every PULL_EVERY_SECONDS per check whatever the polls (the key-value store's atomic
 * increment), and stores the result as the webhook would. A vendor that cannot be reached is
 * only a wait more.
 */
async function pulled(
  ctx: AppContext,
  provider: VendorPhotoProvider,
  pending: PendingCheck,
): Promise<boolean> {
  if (Date.now() - pending.createdAt < PULL_AFTER_MS) return false;
  if ((await ctx.kv.increment(`photo-vendor-pull:${pending.id}`, PULL_EVERY_SECONDS)) !== 1)
    return false;
  try {
    const result = await provider.result(pending.vendorCheckId);
    if (!result) return false;
    await ctx.pendingPhotoChecks.complete(pending.vendorCheckId, result);
    return true;
  } catch (error) {
    if (error instanceof PhotoPipelineUnavailable) return false;
    throw error;
  }
}

/** The vendor never answered: ended once, and that once gives the counted try back. */
async function giveUp(ctx: AppContext, pending: PendingCheck): Promise<void> {
  if (!(await ctx.pendingPhotoChecks.giveUp(pending))) return;
  const counted = pending.purpose === 'document' ? pending.check : 'SelfieComparison';
  await ctx.rateLimiter
    .refund(checkLimits.perUser, attemptSubject(counted as CheckName, pending.userId))
    .catch(() => undefined);
  if (pending.heldId) await ctx.photoImages.release(pending.heldId);
}

async function keep(ctx: AppContext, pending: PendingCheck, settled: Settled): Promise<void> {
  await ctx.pendingPhotoChecks.settle(pending.id, JSON.stringify(settled));
}

function replay(settled: string): CheckResult {
  const kept = JSON.parse(settled) as Settled;
  if ('result' in kept) return kept.result;
  const code = isErrorCode(kept.error.code) ? kept.error.code : 'internal_error';
  throw new ApiError(code, undefined, kept.error.details);
}

/** The vendor's stored result, settled as the local pipeline's answer would be. */
async function settleTaken(
  ctx: AppContext,
  journey: Journey,
  provider: VendorPhotoProvider,
  pending: PendingCheck,
  taken: { image: PreparedImage; result: unknown },
): Promise<CheckResult> {
  const { accountId } = journey.step;
  if (pending.purpose === 'selfie') {
    const check = 'SelfieComparison';
    const heldId = pending.heldId!;
    const document = await passedDocument(ctx, accountId, pending.heldCheck ?? '');
    if (!document) throw new ApiError('photo_document_required');
    const compared = provider.selfieResult(taken.result, taken.image);
    if (!compared.ok) {
      await ctx.photoImages.release(heldId);
      const code = imageProblemCodes[compared.problem];
      throw await retakePhoto(ctx, check, accountId, code, compared.image);
    }
    return selfieOutcome(ctx, journey, provider.name, compared.value, document, heldId);
  }
  const kind = pending.documentKind as DocumentReading['kind'];
  const check = pending.check as Extract<CheckName, 'GenuinePassport' | 'GenuineDrivingLicence'>;
  const counted = pending.purpose === 'document' ? check : 'SelfieComparison';
  const read = provider.documentResult(kind, taken.result, taken.image);
  if ('notGenuine' in read)
    // The vendor found the document not genuine: a failed check, nothing of it kept.
    return recordCheck(ctx, journey, {
      check: counted,
      outcome: 'failed',
      provider: provider.name,
      transactionId: read.transactionId,
      scores: read.scores,
      attributes: null,
    });
  const photo = await acceptableDocument(ctx, counted, accountId, read);
  if (pending.purpose === 'documentForSelfie')
    return documentForSelfieOutcome(
      ctx,
      journey,
      check,
      kind,
      provider.name,
      photo,
      pending.requestUid,
    );
  const selfieRequest = (await ctx.assuranceChoices.get(pending.requestUid)).includes(
    'SelfieComparison',
  )
    ? pending.requestUid
    : null;
  return documentOutcome(ctx, journey, check, provider.name, photo, selfieRequest);
}
