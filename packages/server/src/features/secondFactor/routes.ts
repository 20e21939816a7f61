import {
  recoveryCodeRequestSchema,
  recoveryCodesLeftSchema,
  recoveryCodesSchema,
  requestQuerySchema,
  secondFactorListSchema,
  secondFactorResultSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { account, firstFactor } from '../../journey/access.js';
import { authenticatorRoutes } from './authenticatorRoutes.js';
import { phoneRoutes } from './phoneRoutes.js';
import { webauthnRoutes } from './webauthnRoutes.js';
import { countAnswer, secondFactorProved } from './guards.js';
import { sendNewAuthenticatorNotice } from '../notices/securityNotices.js';
import { requestLanguage } from '../../http/language.js';
import { secondFactorName } from '../../messages/secondFactorNames.js';

/**
 * GET /api/secondfactor, the recovery codes (GET and POST /api/recoverycodes, POST
 * /api/recoverycodes/login), and each method's calls.
 */
export function secondFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/secondfactor',
    { config: { access: firstFactor }, schema: { response: { 200: secondFactorListSchema } } },
    async (request, reply) => {
      const { accountId } = request.journey.who;
      const language = requestLanguage(request);
      reply.header('Cache-Control', 'no-store');
      return (await ctx.secondFactors.list(accountId)).map((factor) => ({
        authMethod: factor.method,
        displayName: secondFactorName(factor.method, factor.displayName, language),
        id: factor.id,
      }));
    },
  );

  typed.get(
    '/api/recoverycodes',
    { config: { access: account('full') }, schema: { response: { 200: recoveryCodesLeftSchema } } },
    async (request, reply) => {
      const { accountId } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      return { remaining: await ctx.recoveryCodes.remaining(accountId) };
    },
  );

  typed.post(
    '/api/recoverycodes',
    {
      config: { access: account('recent') },
      schema: { querystring: requestQuerySchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const step = request.journey.step;
      if (step.methods === 0) throw new ApiError('second_factor_not_set_up');
      const recoveryCodes = await ctx.recoveryCodes.regenerate(step.accountId);
      await ctx.audit.record(step.accountId, 'recovery_codes_created', step.client?.clientId);
      await sendNewAuthenticatorNotice(
        ctx,
        step.accountId,
        'recoveryCodes',
        requestLanguage(request),
      );
      reply.header('Cache-Control', 'no-store');
      return { recoveryCodes };
    },
  );

  typed.post(
    '/api/recoverycodes/login',
    {
      config: { access: firstFactor },
      schema: {
        querystring: requestQuerySchema,
        body: recoveryCodeRequestSchema,
        response: { 200: secondFactorResultSchema },
      },
    },
    async (request, reply) => {
      const { accountId, client, methods } = request.journey.step;
      if (methods === 0) throw new ApiError('second_factor_not_set_up');
      const guess = await countAnswer(ctx, request, accountId);
      const remainingAttempts = guess.remaining;
      if (!(await ctx.recoveryCodes.use(accountId, request.body.Code))) {
        await ctx.audit.login(accountId, 'second_factor_failed', 'recovery_code', client?.clientId);
        return { remainingAttempts };
      }
      await guess.giveBack();
      await ctx.audit.login(accountId, 'recovery_code_used', 'recovery_code', client?.clientId);
      return {
        userRequirements: await secondFactorProved(ctx, request, reply, 'otp'),
      };
    },
  );

  authenticatorRoutes(app, ctx);
  phoneRoutes(app, ctx);
  webauthnRoutes(app, ctx);
}
