import {
  assuranceChoiceRequestSchema,
  assuranceChoiceSchema,
  requestParamsSchema,
  verificationInfoSchema,
  type CheckName,
} from '@verity/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { outstandingRequirements } from '../requests/requirements.js';
import { readSession } from '../session/providerSession.js';
import { assuranceState } from './assuranceState.js';

/** The signed-in user and the request named in the path, bound to this browser. */
async function verificationContext(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string,
) {
  const session = await readSession(ctx, request, reply);
  if (!session.accountId) throw new ApiError('not_signed_in');
  const interaction = await ctx.interactions.load(request, requestId);
  const client = await ctx.clients.find(String(interaction.params.client_id));
  if (!client) throw new ApiError('request_not_found');
  const state = await assuranceState(ctx, client.policy, interaction, session.accountId);
  return { session, accountId: session.accountId, interaction, client, state };
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
    { schema: { params: requestParamsSchema, response: { 200: verificationInfoSchema } } },
    async (request, reply) => {
      const { interaction, client, state } = await verificationContext(
        ctx,
        request,
        reply,
        request.params.requestId,
      );
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
      schema: {
        params: requestParamsSchema,
        body: assuranceChoiceRequestSchema,
        response: { 200: assuranceChoiceSchema },
      },
    },
    async (request, reply) => {
      const { session, interaction, client, state } = await verificationContext(
        ctx,
        request,
        reply,
        request.params.requestId,
      );
      const { checks } = request.body;
      if (checks.length > 0) {
        if (!state || state.met)
          throw new ApiError('step_not_allowed', 'This request needs no identity check now.');
        if (!state.options.some((option) => sameChecks(option.checks, checks)))
          throw new ApiError(
            'validation_failed',
            'This is not one of the options for this request.',
          );
      }
      const ttl = interaction.exp - Math.floor(Date.now() / 1000);
      await ctx.assuranceChoices.set(interaction.uid, checks, ttl);
      const login = await ctx.interactions.currentLogin(
        interaction,
        session,
        client.policy.sessionLifetime,
      );
      reply.header('Cache-Control', 'no-store');
      return {
        assuranceChoice: checks,
        userRequirements: await outstandingRequirements(ctx, interaction, login),
      };
    },
  );

  typed.post(
    '/api/verification/:requestId/decline',
    {
      schema: {
        params: requestParamsSchema,
        body: z.strictObject({ check: assuranceChoiceRequestSchema.shape.checks.element }),
        response: { 200: assuranceChoiceSchema },
      },
    },
    async (request, reply) => {
      const { session, accountId, interaction, client, state } = await verificationContext(
        ctx,
        request,
        reply,
        request.params.requestId,
      );
      const { check } = request.body;
      if (!state || state.passed.has(check))
        throw new ApiError('step_not_allowed', 'This check is not needed now.');
      await ctx.evidence.decline(accountId, check);
      await ctx.audit.record(accountId, 'identity_check_declined', client.clientId);
      await ctx.assuranceChoices.clear(interaction.uid);
      const login = await ctx.interactions.currentLogin(
        interaction,
        session,
        client.policy.sessionLifetime,
      );
      reply.header('Cache-Control', 'no-store');
      return {
        assuranceChoice: [],
        userRequirements: await outstandingRequirements(ctx, interaction, login),
      };
    },
  );
}
