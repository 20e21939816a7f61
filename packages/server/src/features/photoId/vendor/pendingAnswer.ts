import type { CheckName, PhotoCheckPending } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError } from '../../../http/apiError.js';
import type { PendingPhoto } from '../photoIdProvider.js';
import {
  PENDING_CHECK_MS,
  type NewPendingCheck,
  type PendingPurpose,
} from './pendingPhotoChecks.js';

/**
 * A photo sent to a vendor that answers later: the pending check recorded against this user
 * and sign-in request (what GET /api/photoid/status settles), and 202 pending. The try stays
 * counted: it was used.
 */
export async function pendingAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: {
    purpose: PendingPurpose;
    check: CheckName;
    kind: NewPendingCheck['documentKind'];
    read: PendingPhoto;
    held?: { id: string; check: string };
  },
): Promise<PhotoCheckPending> {
  const { accountId, interaction } = request.journey.step;
  // The photo routes run in a sign-in request (step('check')); the status poll finds it there.
  if (!interaction) throw new ApiError('photo_check_not_pending');
  await ctx.pendingPhotoChecks.start({
    userId: accountId,
    requestUid: interaction.uid,
    purpose: pending.purpose,
    check: pending.check,
    documentKind: pending.kind,
    vendorCheckId: pending.read.pending,
    heldId: pending.held?.id ?? null,
    heldCheck: pending.held?.check ?? null,
    image: pending.read.image,
  });
  // The held document photo stays the selfie's until the vendor answers (or gives up).
  if (pending.held)
    await ctx.photoImages.extendClaim(pending.held.id, Date.now() + PENDING_CHECK_MS);
  reply.code(202);
  reply.header('Cache-Control', 'no-store');
  return { check: pending.check, pending: true };
}
