import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  okSchema,
  requestQuerySchema,
  secondFactorResultSchema,
  webauthnCompleteLoginSchema,
  webauthnCompleteSetupSchema,
  webauthnOptionsSchema,
  webauthnRemoveSchema,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { enforceLimit } from '../../http/rateLimit.js';
import { account, firstFactor, step as stepAccess } from '../../journey/access.js';
import { issueFirstRecoveryCodes } from './firstRecoveryCodes.js';
import type { ChallengePurpose } from './challengeStore.js';
import { refuseRemovingLast, secondFactorProved, setupStarts } from './guards.js';
import { sendNewAuthenticatorNotice } from '../notices/securityNotices.js';
import { requestLanguage } from '../../http/language.js';

/**
 * @simplewebauthn/server (with its ASN.1 and COSE libraries, a quarter of a second of start-up)
 * is loaded at the first security-key call, not with the server.
 */
let webauthnLibrary: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (webauthnLibrary ??= import('@simplewebauthn/server'));

/** The spec's security-key constants: 60 s, ES256 and RS256, user verification discouraged. */
const TIMEOUT_MS = 60_000;
const ALGORITHMS = [-7, -257];
const loginStarts = { name: 'webauthn-login', max: 30, windowSeconds: 900 };

/** The relying party is this site: its host name and origin (PUBLIC_URL). */
function relyingParty(ctx: AppContext) {
  return { rpID: ctx.config.publicUrl.hostname, origin: ctx.config.publicUrl.origin };
}

async function openChallenge(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  purpose: ChallengePurpose,
) {
  const browserId = ctx.browsers.get(request);
  const challenge = browserId
    ? await ctx.secondFactorChallenges.current(userId, browserId, 'WebAuthn', purpose)
    : null;
  if (!challenge) throw new ApiError('second_factor_challenge_expired');
  return challenge;
}

/**
 * POST /api/webauthn/startsetup, /completesetup, /startlogin, /completelogin and /remove:
 * security keys with @simplewebauthn, several per user, signature counters checked.
 */
export function webauthnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/webauthn/startsetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: { querystring: requestQuerySchema, response: { 200: webauthnOptionsSchema } },
    },
    async (request, reply) => {
      const step = request.journey.step;
      await enforceLimit(ctx, setupStarts, step.accountId);
      const keys = (await ctx.secondFactors.list(step.accountId)).filter(
        (factor) => factor.method === 'WebAuthn' && factor.credentialId,
      );
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: ctx.config.productName,
        rpID: relyingParty(ctx).rpID,
        userName: step.user.email,
        userID: new TextEncoder().encode(step.accountId),
        timeout: TIMEOUT_MS,
        // The spec's 'indirect' is not offered by the library; no attestation is verified anyway.
        attestationType: 'none',
        excludeCredentials: keys.map((key) => ({ id: key.credentialId! })),
        authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await ctx.secondFactorChallenges.start({
        userId: step.accountId,
        browserId: ctx.browsers.ensure(request, reply),
        method: 'WebAuthn',
        purpose: 'setup',
        payload: { challenge: options.challenge },
      });
      reply.header('Cache-Control', 'no-store');
      return { challenge: options.challenge, id: options.user.id, options: { ...options } };
    },
  );

  typed.post(
    '/api/webauthn/completesetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: {
        querystring: requestQuerySchema,
        body: webauthnCompleteSetupSchema,
        response: { 200: secondFactorResultSchema },
      },
    },
    async (request, reply) => {
      const step = request.journey.step;
      const challenge = await openChallenge(ctx, request, step.accountId, 'setup');
      // Used up by this attempt whatever its outcome: a challenge is signed once.
      if (!(await ctx.secondFactorChallenges.consume(challenge.id)))
        throw new ApiError('second_factor_challenge_expired');
      const { rpID, origin } = relyingParty(ctx);
      let verified;
      try {
        verified = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: request.body.credential as RegistrationResponseJSON,
          expectedChallenge: String(challenge.payload.challenge),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch {
        throw new ApiError('webauthn_failed');
      }
      if (!verified.verified) throw new ApiError('webauthn_failed');
      const { credential } = verified.registrationInfo;
      const keys = await ctx.secondFactors.list(step.accountId);
      if (keys.some((key) => key.credentialId === credential.id))
        throw new ApiError('second_factor_already_set_up');
      const added = await ctx.secondFactors.add({
        userId: step.accountId,
        method: 'WebAuthn',
        displayName: request.body.Name || step.user.email,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
      });
      // The same key registered at once in parallel, or held by another account.
      if (!added) throw new ApiError('second_factor_already_set_up');
      await ctx.audit.record(step.accountId, 'second_factor_added', step.client?.clientId);
      await sendNewAuthenticatorNotice(ctx, step.accountId, 'WebAuthn', requestLanguage(request));
      const recoveryCodes = await issueFirstRecoveryCodes(ctx, step);
      reply.header('Cache-Control', 'no-store');
      return {
        userRequirements: await secondFactorProved(ctx, request, reply, 'hwk'),
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    },
  );

  typed.post(
    '/api/webauthn/startlogin',
    {
      config: { access: firstFactor },
      schema: { querystring: requestQuerySchema, response: { 200: webauthnOptionsSchema } },
    },
    async (request, reply) => {
      const { accountId } = request.journey.who;
      const keys = (await ctx.secondFactors.list(accountId)).filter(
        (factor) => factor.method === 'WebAuthn' && factor.credentialId,
      );
      if (keys.length === 0) throw new ApiError('second_factor_not_set_up');
      await enforceLimit(ctx, loginStarts, accountId);
      const options = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID: relyingParty(ctx).rpID,
        allowCredentials: keys.map((key) => ({ id: key.credentialId! })),
        userVerification: 'discouraged',
        timeout: TIMEOUT_MS,
      });
      const id = await ctx.secondFactorChallenges.start({
        userId: accountId,
        browserId: ctx.browsers.ensure(request, reply),
        method: 'WebAuthn',
        purpose: 'login',
        payload: { challenge: options.challenge },
      });
      reply.header('Cache-Control', 'no-store');
      return { challenge: options.challenge, id, options: { ...options } };
    },
  );

  typed.post(
    '/api/webauthn/completelogin',
    {
      config: { access: firstFactor },
      schema: {
        querystring: requestQuerySchema,
        body: webauthnCompleteLoginSchema,
        response: { 200: secondFactorResultSchema },
      },
    },
    async (request, reply) => {
      const { accountId, client } = request.journey.step;
      const challenge = await openChallenge(ctx, request, accountId, 'login');
      if (!(await ctx.secondFactorChallenges.consume(challenge.id)))
        throw new ApiError('second_factor_challenge_expired');
      const response = request.body.credential as AuthenticationResponseJSON;
      const key = (await ctx.secondFactors.list(accountId)).find(
        (factor) => factor.method === 'WebAuthn' && factor.credentialId === response.id,
      );
      const { rpID, origin } = relyingParty(ctx);
      let newCounter: number | null = null;
      if (key?.publicKey) {
        try {
          const verified = await (
            await webauthn()
          ).verifyAuthenticationResponse({
            response,
            expectedChallenge: String(challenge.payload.challenge),
            expectedOrigin: origin,
            expectedRPID: rpID,
            credential: {
              id: key.credentialId!,
              publicKey: Buffer.from(key.publicKey, 'base64url'),
              counter: key.counter,
            },
            requireUserVerification: false,
          });
          if (verified.verified) newCounter = verified.authenticationInfo.newCounter;
        } catch {
          newCounter = null;
        }
      }
      // A counter that did not move on (a cloned key) fails the check above; the update is
      // conditional too, so two uses of one signature cannot both pass.
      if (
        !key ||
        newCounter === null ||
        !(await ctx.secondFactors.advanceCounter(key.id, key.counter, newCounter))
      ) {
        await ctx.audit.login(accountId, 'second_factor_failed', 'security_key', client?.clientId);
        throw new ApiError('webauthn_failed');
      }
      await ctx.audit.login(accountId, 'second_factor_login', 'security_key', client?.clientId);
      return {
        userRequirements: await secondFactorProved(ctx, request, reply, 'hwk'),
      };
    },
  );

  typed.post(
    '/api/webauthn/remove',
    {
      config: { access: account('recent') },
      schema: {
        querystring: requestQuerySchema,
        body: webauthnRemoveSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const step = request.journey.step;
      const keys = (await ctx.secondFactors.list(step.accountId)).filter(
        (factor) => factor.method === 'WebAuthn',
      );
      const id = request.body.id;
      const key = id
        ? keys.find((candidate) => candidate.id === id)
        : keys.length === 1
          ? keys[0]
          : undefined;
      if (!key)
        throw new ApiError(keys.length > 1 ? 'validation_failed' : 'second_factor_not_set_up');
      refuseRemovingLast(step);
      await ctx.secondFactors.remove(step.accountId, key.id);
      if (step.methods <= 1) await ctx.recoveryCodes.removeAll(step.accountId);
      await ctx.audit.record(step.accountId, 'second_factor_removed', step.client?.clientId);
      return { status: 'ok' as const };
    },
  );
}
