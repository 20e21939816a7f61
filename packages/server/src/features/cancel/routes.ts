import { cancelSchema, requestQuerySchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { readSession } from '../session/providerSession.js';

/**
 * POST /api/cancel: the user stops the sign-in request. It ends with access_denied and a
 * description the client can log (spec defect fixed: not 'error1'); the browser goes to the
 * answer's redirect_Uri, from which the provider sends it to the client with error,
 * error_description, state and iss. Nobody need be signed in to cancel.
 */
export function cancelRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/cancel',
      { schema: { querystring: requestQuerySchema, response: { 200: cancelSchema } } },
      async (request, reply) => {
        const { requestId } = request.query;
        const interaction = requestId
          ? await ctx.interactions.load(request, requestId)
          : await ctx.interactions.currentRequest(request);
        if (!interaction) throw new ApiError('request_not_found');
        const session = await readSession(ctx, request, reply);
        const clientId = String(interaction.params.client_id);
        const redirect_Uri = await ctx.interactions.finish(interaction, {
          error: 'access_denied',
          error_description: 'The user cancelled the request before completing it.',
        });
        await ctx.assuranceChoices.clear(interaction.uid);
        if (session.accountId)
          await ctx.audit.record(session.accountId, 'request_cancelled', clientId);
        reply.header('Cache-Control', 'no-store');
        const state = interaction.params.state;
        return { redirect_Uri, state: typeof state === 'string' ? state : null };
      },
    );
}
