import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { ApiError } from '../../../http/apiError.js';
import { clientIp, rateLimited } from '../../../http/rateLimit.js';
import { publicCall } from '../../../journey/access.js';
import { PhotoPipelineUnavailable } from '../photoPipelineUnavailable.js';
import { PENDING_CHECK_MS } from './pendingPhotoChecks.js';
import { isVendor } from './vendorPhotoProvider.js';
import { webhookSignatureValid } from './webhookSignature.js';

/** A webhook's body is small (an event naming a check); anything larger is refused unread. */
const webhookBodyLimit = 16 * 1024;

/**
 * Wrong signatures per address an hour: after them the address is refused (429) before its
 * signature is even checked, so nobody can try signatures at length. The vendor's own events
 * never count (a wrong PHOTO_VENDOR_WEBHOOK_TOKEN would: see docs/operations.md).
 */
export const webhookBadSignatures = {
  name: 'photo-webhook-bad-signature',
  max: 20,
  windowSeconds: 3600,
};

/** What the webhook is trusted for, once signed: which check completed. Nothing else is read. */
const eventSchema = z.object({
  payload: z.object({
    resource_type: z.string(),
    action: z.string(),
    object: z.object({
      id: z.string().min(1).max(128),
      completed_at_iso8601: z.iso.datetime({ offset: true }).optional(),
    }),
  }),
});

/**
 * POST /api/photoid/webhook: the vendor says a check completed (PHOTO_ID_PROVIDER=vendor;
 * docs/operations.md has the address to register). Public (the vendor has no session); the
 * body is taken as bytes and its signature (X-SHA2-Signature, HMAC-SHA256 with
 * PHOTO_VENDOR_WEBHOOK_TOKEN) verified in constant time before anything is parsed: 401
 * photo_webhook_signature_invalid otherwise, nothing changed (20 of them an hour from an
 * address, and it is refused 429 before checking). Then only the check's id is
 * used: the result is fetched from the vendor (never taken from the body) and stored once
 * against the running check; the browser's next status poll settles it (pendingPhotoSettle.ts).
 * A replay, or an event older than a check may run, changes nothing (200); a check not known
 * here is 404; the vendor unreachable is 503, so the vendor sends the event again.
 */
export function vendorWebhookRoute(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/photoid/webhook',
      { config: { access: publicCall }, bodyLimit: webhookBodyLimit, schema: { hide: true } },
      async (request) => {
        const provider = ctx.photoId;
        const body: unknown = request.body;
        if (!isVendor(provider)) throw new ApiError('photo_check_not_pending');
        const address = clientIp(request);
        const budget = await ctx.rateLimiter.peek(webhookBadSignatures, address);
        if (!budget.allowed)
          throw rateLimited(ctx, webhookBadSignatures.name, budget.retryAfterSeconds);
        const signature = request.headers['x-sha2-signature'];
        const valid =
          Buffer.isBuffer(body) && webhookSignatureValid(body, signature, provider.webhookToken);
        if (!valid) {
          await ctx.rateLimiter.hit(webhookBadSignatures, address);
          throw new ApiError('photo_webhook_signature_invalid');
        }
        const event = eventSchema.safeParse(parseJson(body));
        if (!event.success) throw new ApiError('validation_failed');
        const { resource_type: type, action, object } = event.data.payload;
        // Other events (report.completed, check.started...) are acknowledged and not used.
        if (type !== 'check' || action !== 'check.completed') return { received: true };
        const completedAt = object.completed_at_iso8601 && Date.parse(object.completed_at_iso8601);
        if (completedAt && completedAt < Date.now() - PENDING_CHECK_MS) return { received: true };
        const state = await ctx.pendingPhotoChecks.state(object.id);
        if (state === null) throw new ApiError('photo_check_not_pending');
        if (state === 'ended') return { received: true };
        const result = await provider.result(object.id);
        if (!result)
          throw new PhotoPipelineUnavailable('vendor', {
            cause: new Error('the vendor says the check is not complete'),
          });
        await ctx.pendingPhotoChecks.complete(object.id, result);
        return { received: true };
      },
    );
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
