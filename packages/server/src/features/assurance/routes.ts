import {
  assuranceChoiceRequestSchema,
  assuranceChoiceSchema,
  checkNameSchema,
  requestParamsSchema,
  verificationInfoSchema,
  type CheckName,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { step } from '../../journey/access.js';
import { assuranceState } from './assuranceState.js';
import { errorText } from '../../messages/errorMessages.js';

/** The signed-in user and the request named in the path (the journey bound it to this browser). */
async function verificationContext(ctx: AppContext, request: FastifyRequest) {
  const { accountId, interaction, client } = request.journey.step;
  if (!interaction || !client) throw new ApiError('request_not_found');
  const state = await assuranceState(ctx, client.policy, interaction, accountId);
  return { accountId, interaction, client, state };
}

function sameChecks(a: readonly CheckName[], b: readonly CheckName[]): boolean {
  return a.length === b.length && a.every((check) => b.includes(check));
}

/**
 * GET /api/verification/:requestId (spec: assuranceRequirements and clientName, with the
 * ranked options), and the stored choice: POST .../choice records one option (or clears it),
 * POST .../decline records that the user cannot do a check (no passport, say).
 */
export function assuranceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/verification/:requestId',
    {
      config: { access: step('assurance') },
      schema: { params: requestParamsSchema, response: { 200: verificationInfoSchema } },
    },
    async (request, reply) => {
      const { interaction, client, state } = await verificationContext(ctx, request);
      reply.header('Cache-Control', 'no-store');
      return {
        assuranceRequirements: state?.alternatives ?? [],
        clientName: client.metadata.client_name,
        options: state && !state.met ? state.options : [],
        assuranceChoice: await ctx.assuranceChoices.get(interaction.uid),
        completed: state ? [...state.passed] : [],
      };
    },
  );

  typed.post(
    '/api/verification/:requestId/choice',
    {
      config: { access: step('assurance') },
      schema: {
        params: requestParamsSchema,
        body: assuranceChoiceRequestSchema,
        response: { 200: assuranceChoiceSchema },
      },
    },
    async (request, reply) => {
      const { interaction, state } = await verificationContext(ctx, request);
      const { checks } = request.body;
      if (checks.length > 0) {
        if (!state || state.met)
          throw new ApiError(
            'step_not_allowed',
            errorText((texts) => texts.noCheckNeeded),
          );
        if (!state.options.some((option) => sameChecks(option.checks, checks)))
          throw new ApiError(
            'validation_failed',
            errorText((texts) => texts.notAnOption),
          );
      }
      const ttl = interaction.exp - Math.floor(Date.now() / 1000);
      await ctx.assuranceChoices.set(interaction.uid, checks, ttl);
      reply.header('Cache-Control', 'no-store');
      return {
        assuranceChoice: checks,
        userRequirements: await request.journey.outstanding(),
      };
    },
  );

  typed.post(
    '/api/verification/:requestId/decline',
    {
      config: { access: step('assurance') },
      schema: {
        params: requestParamsSchema,
        body: z.strictObject({ check: checkNameSchema }),
        response: { 200: assuranceChoiceSchema },
      },
    },
    async (request, reply) => {
      const { accountId, interaction, client, state } = await verificationContext(ctx, request);
      const { check } = request.body;
      if (!state || state.passed.has(check))
        throw new ApiError(
          'step_not_allowed',
          errorText((texts) => texts.checkNotNeeded),
        );
      await ctx.evidence.decline(accountId, check);
      await ctx.audit.record(accountId, 'identity_check_declined', client.clientId);
      await ctx.assuranceChoices.clear(interaction.uid);
      reply.header('Cache-Control', 'no-store');
      return {
        assuranceChoice: [],
        userRequirements: await request.journey.outstanding(),
      };
    },
  );
}
