import { pinDvsRegisterRequestSchema, pinDvsRegisterResponseSchema } from '@verity/contracts';
import { PinProtocolError, createMpinId, decodeG2 } from '@verity/pin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { handoff } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { CUSTOMER_ID_HEADER, DVS_REG_PATH, pinLimits } from './routes.js';
import { pinLoginIsFullStrength } from './signing.js';
import { enrolledWithTwoFactors, enrolmentStrength, pinLoginAmr } from './strength.js';

/**
 * POST dvsRegURL {publicKey, deviceName, dvsRegisterToken}: the login's single-use token
 * (this browser's, 5 minutes) becomes a signing identity of the same user and client, with
 * the browser's own key pair (key-escrow-less). It answers mpinId and regOTT: the browser then
 * takes the two authorities' shares exactly as in a registration (signatureURL, cs2url), for
 * the same publicKey. Docs: docs/flows/pin-login.md, 'Signing identities'.
 */
export function dvsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    DVS_REG_PATH,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        body: pinDvsRegisterRequestSchema,
        response: { 200: pinDvsRegisterResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const clientId = request.headers[CUSTOMER_ID_HEADER];
      const { publicKey, deviceName, dvsRegisterToken } = request.body;
      try {
        decodeG2(publicKey, 'publicKey');
      } catch (error) {
        if (error instanceof PinProtocolError)
          throw new ApiError('validation_failed', error.message);
        throw error;
      }
      const taken = await ctx.pins.takeDvsToken(dvsRegisterToken, ctx.browsers.get(request));
      if (taken.status === 'expired') throw new ApiError('pin_registration_expired');
      const parent = taken.status === 'ok' ? taken.identity : undefined;
      if (!parent || parent.client_id !== clientId) throw new ApiError('pin_activation_invalid');
      if (parent.state !== 'active' || parent.kind !== 'login') throw new ApiError('pin_revoked');
      // Judged again now: the user may have added a second factor since the token was issued.
      if (!(await pinLoginIsFullStrength(ctx, parent)))
        throw new ApiError('second_factor_login_required');
      const mpinId = createMpinId({ userID: parent.user_id, mobile: 0 });
      const { regOTT } = await ctx.pins.createIdentity({
        mpinId,
        userId: parent.user_id,
        clientId: parent.client_id,
        deviceName: deviceName || parent.device_name,
        // Enrolled by the parent's PIN login, which was worth what the parent was enrolled with.
        strength: enrolmentStrength(pinLoginAmr(enrolledWithTwoFactors(parent))),
        signingFor: { parentId: parent.id, publicKey },
      });
      return { mpinId, regOTT };
    },
  );
}
