import { randomUUID } from 'node:crypto';
import {
  pinAccessApproveRequestSchema,
  pinAccessApproveResponseSchema,
  pinAccessDeclineRequestSchema,
  pinAccessDeclineResponseSchema,
  pinAccessIdRequestSchema,
  pinAccessIdResponseSchema,
  pinAccessLookupRequestSchema,
  pinAccessPendingRequestSchema,
  pinAccessPendingResponseSchema,
  pinAccessDetailsSchema,
  pinAccessPollRequestSchema,
  pinAccessPollResponseSchema,
  pinPushAuthRequestSchema,
  pinPushAuthResponseSchema,
  pinVerificationConfirmationRequestSchema,
  pinVerificationConfirmationResponseSchema,
  pinVerificationRequestSchema,
  pinVerificationResponseSchema,
  type PinAccessDetails,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.js';
import { account, handoff, publicCall, step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { nowSeconds } from '../session/signIn.js';
import { ACCESS_TTL_MS, type AccessSession } from './accessSessions.js';
import { describeUserAgent } from './deviceDescription.js';
import { tokenHash } from './pinStore.js';
import { enrolledWithTwoFactors } from './strength.js';
import { provedTwoFactors } from '../../oidc/authenticationStrength.js';
import { PIN_BASE, customerOf, pinLimits, signInWithPin, takeProof } from './routes.js';

const RPS = `${PIN_BASE}/rps/v2`;
/** The approving device's screen; the access id rides in the fragment, out of server logs. */
export const APPROVAL_PAGE = '/mpinaccess';
/** How recent a PIN login must be for /verification to let another device register. */
const VERIFICATION_LOGIN_MAX_AGE_SECONDS = 5 * 60;

export const accessLimits = {
  createPerAddress: { name: 'pin-access-new-ip', max: 30, windowSeconds: 900 },
  pushPerTarget: { name: 'pin-push-user', max: 5, windowSeconds: 900 },
  pollsPerAddress: { name: 'pin-access-poll-ip', max: 1800, windowSeconds: 900 },
  lookupsPerAddress: { name: 'pin-access-lookup-ip', max: 60, windowSeconds: 900 },
  /** Typed access numbers: the guessable way in (docs/pin-protocol.md, the odds). */
  typedPerAddress: { name: 'pin-access-typed-ip', max: 20, windowSeconds: 3600 },
  typedEverywhere: { name: 'pin-access-typed-all', max: 3000, windowSeconds: 600 },
  pendingPerAddress: { name: 'pin-access-pending-ip', max: 120, windowSeconds: 900 },
};

const addressHash = (request: FastifyRequest) => tokenHash(`address:${clientIp(request)}`);

/**
 * Cross-device PIN login (second document, 'PIN scheme calls': fetchaccessid, the access URL,
 * pushauth, /verification, /verification/confirmation); docs/flows/pin-login.md.
 */
export function crossDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = ctx.config.issuer;
  const accessURL = `${base}${RPS}/access`;
  const store = ctx.accessSessions;

  async function details(session: AccessSession, request: FastifyRequest, accessId: string) {
    const client = await ctx.clients.find(session.client_id);
    return {
      accessId,
      accessNumber: session.access_number,
      clientId: session.client_id,
      clientName: client?.metadata.client_name ?? session.client_id,
      deviceName: session.device_name,
      sameNetwork: session.address_hash === addressHash(request),
      age: Math.max(0, Math.floor((Date.now() - session.created_at) / 1000)),
      push: session.target_user_id !== null,
    } satisfies PinAccessDetails;
  }

  api.post(
    `${RPS}/accessid`,
    {
      config: { access: publicCall },
      schema: { body: pinAccessIdRequestSchema, response: { 200: pinAccessIdResponseSchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, accessLimits.createPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const created = await store.create({
        browserId: ctx.browsers.ensure(request, reply),
        clientId,
        deviceName: describeUserAgent(request.headers['user-agent']),
        addressHash: addressHash(request),
        targetUserId: null,
      });
      const qrURL = `${base}${APPROVAL_PAGE}#${created.accessId}`;
      const svg = await QRCode.toString(qrURL, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      return {
        webOTT: created.webOTT,
        accessURL,
        qrURL,
        accessNumber: created.accessNumber,
        qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresIn: ACCESS_TTL_MS / 1000,
      };
    },
  );

  api.post(
    `${RPS}/pushauth`,
    {
      config: { access: publicCall },
      schema: { body: pinPushAuthRequestSchema, response: { 200: pinPushAuthResponseSchema } },
    },
    async (request, reply) => {
      const prerollid = request.body.prerollid?.toLowerCase();
      if (!prerollid) throw new ApiError('validation_failed', 'Missing user ID');
      await enforceLimit(ctx, accessLimits.createPerAddress, clientIp(request));
      // Counted for any user id, known or not: the limit itself reveals nothing.
      await enforceLimit(ctx, accessLimits.pushPerTarget, tokenHash(prerollid));
      const clientId = await customerOf(ctx, request);
      // Both look-ups always run, so known and unknown ids take the same path.
      const [byEmail, byId] = await Promise.all([
        ctx.users.findByEmail(prerollid),
        ctx.users.findById(prerollid),
      ]);
      const user = byEmail ?? byId;
      // Unknown users get a session too, addressed to nobody: the answer is the same.
      const created = await store.create({
        browserId: ctx.browsers.ensure(request, reply),
        clientId,
        deviceName: describeUserAgent(request.headers['user-agent']),
        addressHash: addressHash(request),
        targetUserId: user && !user.closed ? user.id : `nobody:${randomUUID()}`,
      });
      return {
        webOTT: created.webOTT,
        accessURL,
        accessNumber: created.accessNumber,
        expiresIn: ACCESS_TTL_MS / 1000,
      };
    },
  );

  api.post(
    `${RPS}/access`,
    {
      config: { access: handoff('pinDevice') },
      schema: { body: pinAccessPollRequestSchema, response: { 200: pinAccessPollResponseSchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, accessLimits.pollsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const session = await store.findByWebOTT(request.body.webOTT, ctx.browsers.get(request));
      if (!session || session.client_id !== clientId) throw new ApiError('pin_access_invalid');
      const status = store.status(session);
      if (status === 'used' || status === 'expired') return { status: 'expired' as const };
      if (status !== 'approved') return { status };
      // Signed in once: the first poll that claims the approval.
      if (!(await store.claim(session.id))) return { status: 'expired' as const };
      const user = session.user_id ? await ctx.users.findById(session.user_id) : undefined;
      if (
        !user ||
        user.closed ||
        (session.identity_id && !(await store.identityActive(session.identity_id)))
      )
        return { status: 'expired' as const };
      // Worth what the approving login was worth (features/pin/strength.ts).
      const userRequirements = await signInWithPin(ctx, request, reply, request.body.RequestId, {
        userId: user.id,
        clientId,
        twoFactors: session.two_factors === 1,
      });
      return {
        status: 'approved' as const,
        display: user.email,
        userRequirements,
        register: session.register === 1,
      };
    },
  );

  api.post(
    `${RPS}/access/lookup`,
    {
      config: { access: handoff('pinDevice') },
      schema: { body: pinAccessLookupRequestSchema, response: { 200: pinAccessDetailsSchema } },
    },
    async (request) => {
      await enforceLimit(ctx, accessLimits.lookupsPerAddress, clientIp(request));
      const by = request.body;
      if ('accessNumber' in by) {
        await enforceLimit(ctx, accessLimits.typedPerAddress, clientIp(request));
        await enforceLimit(ctx, accessLimits.typedEverywhere, 'all');
      }
      const session = await store.findLive(by);
      if (!session) throw new ApiError('pin_access_invalid');
      await store.markScanned(session.id);
      // A typed number is traded for the access id, which the approval then names.
      const accessId = 'accessId' in by ? by.accessId : await store.reissueAccessId(session.id);
      return details(session, request, accessId);
    },
  );

  api.post(
    `${RPS}/access/pending`,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        body: pinAccessPendingRequestSchema,
        response: { 200: pinAccessPendingResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, accessLimits.pendingPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const identity = await ctx.pins.findByMpinId(request.body.mpin_id, clientId);
      if (
        !identity ||
        identity.state !== 'active' ||
        identity.public_key !== request.body.publicKey
      )
        return { pending: [] };
      const sessions = await store.pendingFor(identity.user_id, clientId);
      const pending = [];
      for (const session of sessions)
        pending.push(await details(session, request, await store.reissueAccessId(session.id)));
      return { pending };
    },
  );

  api.post(
    `${RPS}/access/approve`,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        body: pinAccessApproveRequestSchema,
        response: { 200: pinAccessApproveResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.loginsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const session = await store.findLive({ accessId: request.body.accessId });
      if (!session || session.client_id !== clientId) throw new ApiError('pin_access_invalid');
      // The PIN proof of pass 2, bound here instead of signing this device in.
      const identity = await takeProof(ctx, request, clientId, request.body.authOTT);
      const approved = await store.approve(session.id, {
        identityId: identity.id,
        userId: identity.user_id,
        twoFactors: enrolledWithTwoFactors(identity),
      });
      if (!approved) throw new ApiError('pin_access_used');
      await ctx.audit.record(identity.user_id, 'pin_access_approved', clientId);
      return { status: 'approved' as const };
    },
  );

  api.post(
    `${RPS}/access/decline`,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        body: pinAccessDeclineRequestSchema,
        response: { 200: pinAccessDeclineResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, accessLimits.lookupsPerAddress, clientIp(request));
      const session = await store.findLive({ accessId: request.body.accessId });
      if (!session) throw new ApiError('pin_access_invalid');
      if (!(await store.decline(session.id))) throw new ApiError('pin_access_used');
      return { status: 'declined' as const };
    },
  );

  api.post(
    `${PIN_BASE}/verification`,
    {
      config: { access: account('recent') },
      schema: {
        body: pinVerificationRequestSchema,
        response: { 200: pinVerificationResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const { userId, accessId, deviceName } = request.body;
      if (request.body.clientId !== clientId)
        throw new ApiError('validation_failed', 'clientId is not the customer id.');
      const { user, login } = request.journey.who;
      // Only a device that has just proved its own PIN identity vouches for a new one.
      if (
        user.id !== userId ||
        !login.amr.includes('pin') ||
        !login.loginTs ||
        nowSeconds() - login.loginTs > VERIFICATION_LOGIN_MAX_AGE_SECONDS
      )
        throw new ApiError('pin_activation_invalid');
      await enforceLimit(ctx, pinLimits.registrationsPerUser, user.id);
      const session = await store.findLive({ accessId });
      if (!session || session.client_id !== clientId) throw new ApiError('pin_access_invalid');
      const approved = await store.approve(
        session.id,
        { identityId: null, userId: user.id, twoFactors: provedTwoFactors(login.amr ?? []) },
        { deviceName: deviceName || session.device_name },
      );
      if (!approved) throw new ApiError('pin_access_used');
      await ctx.audit.record(user.id, 'pin_access_approved', clientId);
      return { status: 'approved' as const };
    },
  );

  api.post(
    `${PIN_BASE}/verification/confirmation`,
    {
      config: { access: step('pinSetup') },
      schema: {
        body: pinVerificationConfirmationRequestSchema,
        response: { 200: pinVerificationConfirmationResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const { user } = request.journey.who;
      const session = await store.findByWebOTT(request.body.webOTT, ctx.browsers.get(request));
      if (!session || session.client_id !== clientId) throw new ApiError('pin_access_invalid');
      if (session.user_id !== user.id || !(await store.takeRegistration(session.id)))
        throw new ApiError('pin_activation_invalid');
      const actToken = await ctx.pins.startRegistration(user.id, clientId);
      return { actToken, userId: user.id, display: user.email, deviceName: session.device_name };
    },
  );
}
