import {
  mpinIdSchema,
  pinAuthenticateRequestSchema,
  pinAuthenticateResponseSchema,
  pinClientSecretQuerySchema,
  pinClientSecretResponseSchema,
  pinClientSettingsSchema,
  pinPass1RequestSchema,
  pinPass1ResponseSchema,
  pinPass2RequestSchema,
  pinPass2ResponseSchema,
  pinRegisterRequestSchema,
  pinRegisterResponseSchema,
  pinRegistrationStartRequestSchema,
  pinRegistrationStartResponseSchema,
  pinSignatureQuerySchema,
  pinSignatureResponseSchema,
} from '@verity/contracts';
import {
  CURVE,
  PinProtocolError,
  combineServerSecretShares,
  createChallenge,
  createMpinId,
  decodeG1,
  decodeG2,
  verifyPass2With,
} from '@verity/pin';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { handoff, publicCall, step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';
import { acrForAmr } from '../../oidc/authenticationStrength.js';
import { AUTHORITY_NAMES } from './authority.js';
import { MAX_PIN_ATTEMPTS, UnreadablePinKey, type PinIdentity } from './pinStore.js';
import { dvsRegisterOf, renewalOf } from './signing.js';
import { enrolledWithTwoFactors, enrolmentStrength, pinLoginAmr } from './strength.js';
import { sendNewAuthenticatorNotice } from '../notices/securityNotices.js';
import { requestLanguage } from '../../http/language.js';

export const PIN_BASE = '/api/mpin';
const RPS = `${PIN_BASE}/rps/v2`;
const DTA2_URL = `${PIN_BASE}/dta2/clientSecret`;
/** dvsRegURL: signing identities (features/pin/dvsRoutes.ts). */
export const DVS_REG_PATH = `${RPS}/dvsRegister`;
/** The customer-id header every PIN scheme call carries (the customer id is the client id). */
export const CUSTOMER_ID_HEADER = 'x-customer-id';

export const pinLimits = {
  registrationsPerUser: { name: 'pin-register', max: 10, windowSeconds: 3600 },
  registrationStepsPerAddress: { name: 'pin-register-ip', max: 60, windowSeconds: 900 },
  loginsPerAddress: { name: 'pin-login-ip', max: 60, windowSeconds: 900 },
};

const DTAS = AUTHORITY_NAMES.join(',');

/** Guard: the customer (client) this PIN call is for. */
export async function customerOf(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const header = request.headers[CUSTOMER_ID_HEADER];
  const query = (request.query as { cid?: unknown } | undefined)?.cid;
  const cid = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  if (!cid || cid.length > 255 || !(await ctx.clients.find(cid)))
    throw new ApiError('validation_failed', 'Unknown customer id.');
  return cid;
}

/** Guard: malformed points and scalars are the caller's fault (400), never a 500. */
function protocolInput<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof PinProtocolError) throw new ApiError('validation_failed', error.message);
    throw error;
  }
}

/** Guard: an identity that can log in; unknown, unfinished, revoked and signing ones: 410. */
export function usable(identity: PinIdentity | undefined): PinIdentity {
  if (!identity || identity.state !== 'active' || identity.kind !== 'login')
    throw new ApiError('pin_revoked');
  return identity;
}

/**
 * The identity's stored key, read by `read`. A key that fails its authentication in storage
 * (changed, or copied from another identity) makes the identity unusable: it is revoked
 * (`revokeId`), the fault logged, and the caller answered
 * pin_revoked, as for any revoked PIN, rather than a server error.
 */
export async function readKeyOrRevoke<T>(
  ctx: AppContext,
  request: FastifyRequest,
  identity: PinIdentity,
  revokeId: string,
  read: () => T | Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof UnreadablePinKey)) throw error;
    request.log.error(
      { identityId: error.identityId },
      'a PIN identity key failed its authentication in storage; the identity is revoked',
    );
    await ctx.pins.revoke(revokeId);
    await ctx.audit.record(identity.user_id, 'pin_revoked', identity.client_id);
    throw new ApiError('pin_revoked');
  }
}

/** Guard: the pass 2 proof (authOTT) this browser was given, for this customer; taken once. */
export async function takeProof(
  ctx: AppContext,
  request: FastifyRequest,
  clientId: string,
  authOTT: string,
): Promise<PinIdentity> {
  const identity = await ctx.pins.takeAuthOTT(authOTT, ctx.browsers.get(request));
  if (!identity || identity.client_id !== clientId) throw new ApiError('pin_auth_expired');
  return usable(identity);
}

/**
 * Signs this browser in after a PIN proof (here or on another device); audited as a login.
 * The login is worth no more than the one that enrolled the PIN (features/pin/strength.ts):
 * aal2 only when that one proved two factors.
 */
export async function signInWithPin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string | undefined,
  user: { userId: string; clientId: string; twoFactors: boolean },
) {
  const { userId, clientId } = user;
  const amr = pinLoginAmr(user.twoFactors);
  const userRequirements = await signInBrowser(ctx, request, reply, requestId, {
    accountId: userId,
    amr,
    acr: acrForAmr(amr),
    loginTs: nowSeconds(),
    remember: false,
  });
  await ctx.audit.login(userId, 'login', 'pin', clientId);
  return userRequirements;
}

/** The PIN scheme's calls (second document, 'PIN scheme calls'); docs/flows/pin-login.md. */
export function pinRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const [authority1, authority2] = ctx.pinAuthorities;
  const base = ctx.config.issuer;

  api.post(
    `${PIN_BASE}/register`,
    {
      config: { access: step('pinSetup') },
      schema: {
        body: pinRegistrationStartRequestSchema,
        response: { 200: pinRegistrationStartResponseSchema },
      },
    },
    async (request) => {
      const { user } = request.journey.who;
      const clientId = await customerOf(ctx, request);
      const given = request.body?.actToken;
      if (given) {
        // An /mpinsetup?acttoken= link: only the signed-in user it was issued to, for the same
        // client, may use it, so a forwarded link cannot bind a PIN to somebody else's account.
        await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
        const registration = await ctx.pins.findRegistration(given);
        if (registration.status === 'expired') throw new ApiError('pin_registration_expired');
        if (
          registration.status === 'missing' ||
          registration.userId !== user.id ||
          registration.clientId !== clientId
        )
          throw new ApiError('pin_activation_invalid');
        return { actToken: given, userId: user.id, display: user.email };
      }
      await enforceLimit(ctx, pinLimits.registrationsPerUser, user.id);
      const actToken = await ctx.pins.startRegistration(user.id, clientId);
      return { actToken, userId: user.id, display: user.email };
    },
  );

  api.get(
    `${RPS}/clientSettings`,
    {
      config: { access: publicCall },
      schema: {
        querystring: z.object({ cid: z.string().max(255).optional() }),
        response: { 200: pinClientSettingsSchema },
      },
    },
    async (request) => {
      await customerOf(ctx, request);
      return {
        // Fresh server entropy the browser hashes into its own CSPRNG's draws, never in
        // place of them (packages/pin addSeed): a help only where the platform's is weak.
        seedValue: randomBytes(32).toString('hex'),
        registerURL: `${base}${RPS}/user`,
        signatureURL: `${base}${RPS}/signature`,
        mpinAuthServerURL: `${base}${RPS}`,
        authenticateURL: `${base}${RPS}/authenticate`,
        dvsRegURL: `${base}${DVS_REG_PATH}`,
        curve: CURVE,
        pinLength: ctx.config.pinLength,
      };
    },
  );

  api.put(
    `${RPS}/user`,
    {
      config: { access: step('pinSetup') },
      schema: { body: pinRegisterRequestSchema, response: { 200: pinRegisterResponseSchema } },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const { user } = request.journey.who;
      const registration = await ctx.pins.takeRegistration(request.body.activateCode);
      // The session enrolling the PIN: the identity's logins are worth no more than it.
      const { amr } = request.journey.who.login;
      if (registration.status === 'expired') throw new ApiError('pin_registration_expired');
      if (
        registration.status === 'missing' ||
        registration.clientId !== clientId ||
        registration.userId !== request.body.userId ||
        registration.userId !== user.id
      )
        throw new ApiError('pin_activation_invalid');
      const mobile = request.body.mobile === 1 || request.body.mobile === true ? 1 : 0;
      const mpinId = createMpinId({ userID: registration.userId, mobile });
      const { regOTT } = await ctx.pins.createIdentity({
        mpinId,
        userId: registration.userId,
        clientId,
        deviceName: request.body.deviceName || 'This browser',
        strength: enrolmentStrength(amr ?? []),
      });
      return { mpinId, regOTT, active: true };
    },
  );

  api.get(
    // A wildcard, not a parameter: an mpin_id is longer than Fastify's 100-character limit.
    `${RPS}/signature/*`,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        params: z.object({ '*': mpinIdSchema }),
        querystring: pinSignatureQuerySchema,
        response: { 200: pinSignatureResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const mpinId = request.params['*'];
      const { regOTT, publicKey } = request.query;
      protocolInput(() => decodeG2(publicKey, 'publicKey'));
      const identity = await ctx.pins.findByMpinId(mpinId, clientId);
      // An active identity here is renewing its secret (renewSecret gave it a regOTT): the
      // shares are for the renewal's new mpin_id, which the answer's mpin_id tells the browser.
      const issuedFor =
        identity?.state === 'registering'
          ? mpinId
          : identity?.state === 'active' && identity.reg_ott_hash !== null
            ? identity.pending_mpin_id
            : null;
      if (!identity || !issuedFor) throw new ApiError('pin_registration_expired');
      const allowed = ctx.pins.firstShareAllowed(identity, regOTT);
      if (allowed === 'expired') throw new ApiError('pin_registration_expired');
      if (allowed === 'invalid') throw new ApiError('pin_activation_invalid');
      const { clientShare, keyShare } = await authority1.issue(issuedFor, publicKey, request.log);
      const recorded = await ctx.pins.recordFirstShare(identity, regOTT, publicKey, keyShare);
      if (recorded === 'expired') throw new ApiError('pin_registration_expired');
      if (recorded === 'invalid') throw new ApiError('pin_activation_invalid');
      return {
        clientSecretShare: clientShare,
        curve: CURVE,
        dtas: DTAS,
        cs2url: `${base}${DTA2_URL}?token=${recorded.cs2Token}`,
        mpin_id: issuedFor,
      };
    },
  );

  api.get(
    DTA2_URL,
    {
      config: { access: handoff('pinDevice') },
      schema: {
        querystring: pinClientSecretQuerySchema,
        response: { 200: pinClientSecretResponseSchema },
      },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.registrationStepsPerAddress, clientIp(request));
      const { token } = request.query;
      const identity = await ctx.pins.findByCs2Token(token);
      const shares = identity && ctx.pins.inProgress(identity);
      if (!identity || !shares || identity.reg_expires_at < Date.now())
        throw new ApiError('pin_registration_expired');
      const { clientShare, keyShare } = await authority2.issue(
        shares.mpinId,
        shares.publicKey,
        request.log,
      );
      const activated = await ctx.pins
        .activate(identity, token, (keyShare1) => combineServerSecretShares([keyShare1, keyShare]))
        .catch((error: unknown) => {
          if (!(error instanceof UnreadablePinKey)) throw error;
          // Authority 1's share failed its authentication in storage: this registration is
          // void (the device registers again); an identity it would renew stays as it was.
          request.log.error(
            { identityId: error.identityId },
            'a PIN registration key share failed its authentication in storage',
          );
          return false;
        });
      if (!activated) throw new ApiError('pin_registration_expired');
      // A new login identity is a new device; a renewal is its own event (the same identity,
      // its enrolment strength kept); a new identity of either kind is told to the owner.
      const renewal = identity.state === 'active';
      await ctx.audit.record(
        identity.user_id,
        identity.kind === 'signing'
          ? 'pin_signing_registered'
          : renewal
            ? 'pin_renewed'
            : 'pin_registered',
        identity.client_id,
      );
      if (!renewal)
        await sendNewAuthenticatorNotice(
          ctx,
          identity.user_id,
          identity.kind === 'signing' ? 'signingPin' : 'pin',
          requestLanguage(request),
        );
      return { clientSecret: clientShare };
    },
  );

  api.post(
    `${RPS}/pass1`,
    {
      config: { access: publicCall },
      schema: { body: pinPass1RequestSchema, response: { 200: pinPass1ResponseSchema } },
    },
    async (request) => {
      await enforceLimit(ctx, pinLimits.loginsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const { mpin_id, U, publicKey } = request.body;
      const identity = usable(await ctx.pins.findByMpinId(mpin_id, clientId));
      if (identity.public_key !== publicKey) throw new ApiError('pin_revoked');
      const point = protocolInput(() => decodeG1(U, 'U'));
      const y = createChallenge();
      await ctx.pins.saveChallenge(identity.id, point, y);
      return { y };
    },
  );

  api.post(
    `${RPS}/pass2`,
    {
      config: { access: publicCall },
      schema: { body: pinPass2RequestSchema, response: { 200: pinPass2ResponseSchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, pinLimits.loginsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const { mpin_id, V } = request.body;
      const identity = usable(await ctx.pins.findByMpinId(mpin_id, clientId));
      const proof = protocolInput(() => decodeG1(V, 'V'));
      const challenge = await ctx.pins.takeChallenge(identity.id);
      if (!challenge) throw new ApiError('pin_auth_expired');
      // Counted before the check, atomically: parallel guesses cannot pass the limit.
      const attempt = await ctx.pins.reserveAttempt(identity.id);
      if (attempt === null) throw new ApiError('pin_revoked');
      const verifier = await readKeyOrRevoke(ctx, request, identity, identity.id, () =>
        ctx.pins.verifierOf(identity),
      );
      const right =
        verifier !== null &&
        protocolInput(() =>
          verifyPass2With({ U: challenge.U, y: challenge.y, V: proof, verifier }),
        );
      if (!right) {
        if (attempt >= MAX_PIN_ATTEMPTS) {
          await ctx.pins.revoke(identity.id);
          await ctx.audit.record(identity.user_id, 'pin_revoked', identity.client_id);
          throw new ApiError('pin_revoked');
        }
        await ctx.audit.login(identity.user_id, 'login_failed', 'pin', identity.client_id);
        throw new ApiError('pin_wrong');
      }
      await ctx.pins.rightPin(identity.id);
      const authOTT = await ctx.pins.issueAuthOTT(identity.id, ctx.browsers.ensure(request, reply));
      return { authOTT };
    },
  );

  api.post(
    `${RPS}/authenticate`,
    {
      config: { access: publicCall },
      schema: {
        body: pinAuthenticateRequestSchema,
        response: { 200: pinAuthenticateResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceLimit(ctx, pinLimits.loginsPerAddress, clientIp(request));
      const clientId = await customerOf(ctx, request);
      const identity = await takeProof(ctx, request, clientId, request.body.authOTT);
      const user = await ctx.users.findById(identity.user_id);
      if (!user) throw new ApiError('pin_revoked');
      // renewSecret: no session yet; the browser renews the secret and authenticates again.
      const renewSecret = await renewalOf(ctx, identity);
      if (renewSecret) return { display: user.email, userRequirements: [], renewSecret };
      const userRequirements = await signInWithPin(ctx, request, reply, request.body.RequestId, {
        userId: user.id,
        clientId,
        twoFactors: enrolledWithTwoFactors(identity),
      });
      const dvsRegister = await dvsRegisterOf(ctx, identity, ctx.browsers.ensure(request, reply));
      return { display: user.email, userRequirements, ...(dvsRegister ? { dvsRegister } : {}) };
    },
  );
}
