import {
  authenticatorCodeRequestSchema,
  authenticatorSetupSchema,
  okSchema,
  requestQuerySchema,
  secondFactorResultSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import { enforceLimit } from '../../http/rateLimit.js';
import { account, firstFactor, step as stepAccess } from '../../journey/access.js';
import { MAX_CHALLENGE_ATTEMPTS } from './challengeStore.js';
import { issueFirstRecoveryCodes } from './firstRecoveryCodes.js';
import { countAnswer, refuseRemovingLast, secondFactorProved, setupStarts } from './guards.js';
import { newTotpSecret, totpEnrolment, totpStep } from './totp.js';
import { sendNewAuthenticatorNotice } from '../notices/securityNotices.js';
import { requestLanguage } from '../../http/language.js';
import { secondFactorNames } from '../../messages/secondFactorNames.js';

/**
 * POST /api/authenticator/startsetup, /completesetup, /login and /remove (the spec's remove
 * button called /voice/remove by mistake; this is its own call).
 */
export function authenticatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/authenticator/startsetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: { querystring: requestQuerySchema, response: { 200: authenticatorSetupSchema } },
    },
    async (request, reply) => {
      const step = request.journey.step;
      if (await ctx.secondFactors.find(step.accountId, 'Authenticator'))
        throw new ApiError('second_factor_already_set_up');
      await enforceLimit(ctx, setupStarts, step.accountId);
      const secret = newTotpSecret();
      await ctx.secondFactorChallenges.start({
        userId: step.accountId,
        browserId: ctx.browsers.ensure(request, reply),
        method: 'Authenticator',
        purpose: 'setup',
        payload: { secret },
      });
      reply.header('Cache-Control', 'no-store');
      return {
        secret,
        ...(await totpEnrolment(secret, ctx.config.productName, step.user.email)),
      };
    },
  );

  typed.post(
    '/api/authenticator/completesetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: {
        querystring: requestQuerySchema,
        body: authenticatorCodeRequestSchema,
        response: { 200: secondFactorResultSchema },
      },
    },
    async (request, reply) => {
      const step = request.journey.step;
      const browserId = ctx.browsers.get(request);
      const challenge = browserId
        ? await ctx.secondFactorChallenges.current(
            step.accountId,
            browserId,
            'Authenticator',
            'setup',
          )
        : null;
      if (!challenge) throw new ApiError('second_factor_challenge_expired');
      if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS)
        throw new ApiError('second_factor_challenge_expired');
      const secret = String(challenge.payload.secret);
      // A new set-up brings no new guesses: the user's budget spans every challenge.
      const guess = await takeCodeGuess(
        ctx,
        request,
        { userId: step.accountId },
        'authenticator-setup',
      );
      const timeStep = totpStep(secret, request.body.Code);
      if (timeStep === null) {
        const remainingAttempts = await ctx.secondFactorChallenges.countWrong(challenge.id);
        if (remainingAttempts === null) throw new ApiError('second_factor_challenge_expired');
        return { remainingAttempts: Math.min(remainingAttempts, guess.remaining) };
      }
      await guess.giveBack();
      if (!(await ctx.secondFactorChallenges.consume(challenge.id)))
        throw new ApiError('second_factor_challenge_expired');
      if (await ctx.secondFactors.find(step.accountId, 'Authenticator'))
        throw new ApiError('second_factor_already_set_up');
      const added = await ctx.secondFactors.add({
        userId: step.accountId,
        method: 'Authenticator',
        displayName: secondFactorNames.en.authenticator,
        secret,
        lastUsedStep: timeStep,
      });
      if (!added) throw new ApiError('second_factor_already_set_up');
      await ctx.audit.record(step.accountId, 'second_factor_added', step.client?.clientId);
      await sendNewAuthenticatorNotice(
        ctx,
        step.accountId,
        'Authenticator',
        requestLanguage(request),
      );
      const recoveryCodes = await issueFirstRecoveryCodes(ctx, step);
      reply.header('Cache-Control', 'no-store');
      return {
        userRequirements: await secondFactorProved(ctx, request, reply, 'otp'),
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    },
  );

  typed.post(
    '/api/authenticator/login',
    {
      config: { access: firstFactor },
      schema: {
        querystring: requestQuerySchema,
        body: authenticatorCodeRequestSchema,
        response: { 200: secondFactorResultSchema },
      },
    },
    async (request, reply) => {
      const { accountId, client } = request.journey.step;
      const factor = await ctx.secondFactors.find(accountId, 'Authenticator');
      if (!factor?.secret) throw new ApiError('second_factor_not_set_up');
      const guess = await countAnswer(ctx, request, accountId);
      const remainingAttempts = guess.remaining;
      const timeStep = totpStep(factor.secret, request.body.Code);
      // A code already accepted (in this step or a later one) counts as wrong: used once.
      if (timeStep === null || !(await ctx.secondFactors.acceptTotpStep(factor.id, timeStep))) {
        await ctx.audit.login(accountId, 'second_factor_failed', 'authenticator', client?.clientId);
        return { remainingAttempts };
      }
      await guess.giveBack();
      await ctx.audit.login(accountId, 'second_factor_login', 'authenticator', client?.clientId);
      return {
        userRequirements: await secondFactorProved(ctx, request, reply, 'otp'),
      };
    },
  );

  typed.post(
    '/api/authenticator/remove',
    {
      config: { access: account('recent') },
      schema: { querystring: requestQuerySchema, response: { 200: okSchema } },
    },
    async (request) => {
      const step = request.journey.step;
      const factor = await ctx.secondFactors.find(step.accountId, 'Authenticator');
      if (!factor) throw new ApiError('second_factor_not_set_up');
      refuseRemovingLast(step);
      await ctx.secondFactors.remove(step.accountId, factor.id);
      if (step.methods <= 1) await ctx.recoveryCodes.removeAll(step.accountId);
      await ctx.audit.record(step.accountId, 'second_factor_removed', step.client?.clientId);
      return { status: 'ok' as const };
    },
  );
}
