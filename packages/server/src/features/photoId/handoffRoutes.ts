import {
  checkResultSchema,
  photoHandoffCreatedSchema,
  photoHandoffCreateSchema,
  photoHandoffOpenedSchema,
  photoHandoffPage,
  photoHandoffStatusSchema,
  photoHandoffTaskSchema,
  photoCheckPendingSchema,
  requestQuerySchema,
  type CheckResult,
  type HandoffDocument,
  type PhotoCheckPending,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { enforceLimit } from '../../http/rateLimit.js';
import { handoff, step } from '../../journey/access.js';
import { PHONE_OPEN_URL, type PhotoHandoffCall } from '../../journey/handoffPhoto.js';
import type { StepView } from '../../journey/journey.js';
import { checkOffered } from '../checks/checkProviders.js';
import { documentPhotoHandler } from './documentPhotoRoute.js';
import { acceptImageBodies } from './imageBody.js';
import { maxImageBytes } from './images.js';
import type { DocumentReading } from './photoId.js';
import { selfieHandler } from './selfieRoute.js';
import { photoCheckStatus } from './vendor/pendingPhotoSettle.js';

const HANDOFF = '/api/photoid/handoff';
const PHONE = `${HANDOFF}/phone`;

export const handoffLimits = {
  /** New links for one user: each replaces the last, so a few are plenty. */
  createPerUser: { name: 'photo-handoff-new-user', max: 20, windowSeconds: 3600 },
  /** The desktop's polls while it waits (every 2 to 10 seconds). */
  pollsPerUser: { name: 'photo-handoff-poll-user', max: 900, windowSeconds: 900 },
};

const kinds: Record<HandoffDocument, DocumentReading['kind']> = {
  GenuinePassport: 'passport',
  GenuineDrivingLicence: 'drivingLicence',
};

/**
 * The photo checks with 'the app' (docs/flows/identity-checks.md, 'Photos on the phone'): the
 * desktop makes a single-use link for its request (POST /api/photoid/handoff) and waits on
 * its status; the phone opens it and sends the photos, each call as the desktop's request by
 * the link (`handoff('photo')`, journey/handoffPhoto.ts), through the same check code as the
 * photos sent from the desktop.
 */
export function photoHandoffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    HANDOFF,
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: photoHandoffCreateSchema,
        response: { 200: photoHandoffCreatedSchema },
      },
    },
    async (request, reply) => {
      const view = request.journey.step;
      const uid = requestUid(view);
      const { check } = request.body;
      if (!checkOffered(ctx, check)) throw new ApiError('check_not_offered');
      await enforceLimit(ctx, handoffLimits.createPerUser, view.accountId);
      const selfie = (await ctx.assuranceChoices.get(uid)).includes('SelfieComparison');
      // No longer than the request itself lasts.
      const requestLeft = view.interaction!.exp - Math.floor(Date.now() / 1000);
      const lifetime = Math.min(ctx.config.photoHandoffMinutes * 60, requestLeft);
      const { token, expiresAt } = await ctx.photoHandoffs.create(
        {
          accountId: view.accountId,
          uid,
          check,
          selfie,
          login: view.login,
          sessionUid: view.session.uid,
        },
        lifetime,
      );
      const link = `${ctx.config.issuer}${photoHandoffPage}#${token}`;
      const svg = await QRCode.toString(link, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      void reply.header('Cache-Control', 'no-store');
      return {
        link,
        qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresAt,
      };
    },
  );

  api.get(
    `${HANDOFF}/status`,
    {
      config: { access: step('check') },
      schema: { querystring: requestQuerySchema, response: { 200: photoHandoffStatusSchema } },
    },
    async (request) => {
      const view = request.journey.step;
      const uid = requestUid(view);
      await enforceLimit(ctx, handoffLimits.pollsPerUser, view.accountId);
      const found = await ctx.photoHandoffs.forRequest(uid);
      const mine = found?.record.accountId === view.accountId ? found : null;
      const state = ctx.photoHandoffs.state(mine);
      if (state !== 'done' || !mine?.done)
        return { state, expiresAt: mine?.record.expiresAt ?? null };
      // The answer the phone had, with what this browser's request still needs now.
      const userRequirements = await request.journey.outstanding();
      return {
        state,
        expiresAt: mine.record.expiresAt,
        result: { ...mine.done, userRequirements },
      };
    },
  );

  api.post(
    PHONE_OPEN_URL,
    {
      config: { access: handoff('photo') },
      schema: { response: { 200: photoHandoffOpenedSchema } },
    },
    async (request, reply) => {
      const call = handoffCall(request);
      void reply.header('Cache-Control', 'no-store');
      return { ...task(call), device: call.device! };
    },
  );

  api.get(
    PHONE,
    { config: { access: handoff('photo') }, schema: { response: { 200: photoHandoffTaskSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return task(handoffCall(request));
    },
  );

  // The photos themselves, as raw bodies like the desktop's (routes.ts).
  void app.register(async (scope) => {
    acceptImageBodies(scope);
    const photos = scope.withTypeProvider<ZodTypeProvider>();
    const options = {
      // Checked before the body is read: an unknown link never makes the server take in 10 MB.
      config: { access: handoff('photo'), accessBeforeBody: true },
      bodyLimit: maxImageBytes,
      // 202: a vendor's check answered later, settled by the phone's status poll below.
      schema: { response: { 200: checkResultSchema, 202: photoCheckPendingSchema } },
    };
    photos.post(`${PHONE}/document`, options, async (request, reply) => {
      const { check } = handoffCall(request).found.record;
      const answer = await documentPhotoHandler(ctx, check, kinds[check])(request, reply);
      return moveOn(handoffCall(request), answer);
    });
    photos.post(`${PHONE}/selfie`, options, async (request, reply) =>
      moveOn(handoffCall(request), await selfieHandler(ctx)(request, reply)),
    );
  });

  // A vendor's check the phone started: the phone waits on it as the desktop's upload does.
  api.get(
    `${PHONE}/status`,
    {
      config: { access: handoff('photo') },
      schema: { response: { 200: checkResultSchema, 202: photoCheckPendingSchema } },
    },
    async (request, reply) =>
      moveOn(handoffCall(request), await photoCheckStatus(ctx, request, reply)),
  );

  /**
   * A settled answer moves the link on: a document passed with the selfie still to take on
   * the phone waits for it; anything else completes the link, its answer kept for the desktop.
   * A pending one (a vendor's) changes nothing yet.
   */
  async function moveOn(call: PhotoHandoffCall, answer: CheckResult | PhotoCheckPending) {
    if ('pending' in answer) return answer;
    const selfieNext =
      answer.check !== 'SelfieComparison' &&
      answer.verified &&
      call.found.record.selfie &&
      answer.assuranceChoice.includes('SelfieComparison');
    if (selfieNext) await ctx.photoHandoffs.documentPassed(call.found);
    else await ctx.photoHandoffs.finish(call.found, answer);
    return answer;
  }
}

/** The request the desktop's call is about: the handoff is for a sign-in request only. */
function requestUid(view: StepView): string {
  if (!view.interaction) throw new ApiError('photo_handoff_request_required');
  return view.interaction.uid;
}

/** The phone's call, as the journey established it (a `handoff('photo')` route). */
function handoffCall(request: FastifyRequest): PhotoHandoffCall {
  const call = request.journey.photoHandoff;
  if (!call) throw new Error('this route does not declare handoff(photo)');
  return call;
}

function task({ found }: PhotoHandoffCall) {
  const { check, selfie, expiresAt } = found.record;
  return { check, selfie, documentDone: found.documentDone, expiresAt };
}
