import { cancelSchema, requestQuerySchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';

/**
 * POST /api/cancel: the user stops the sign-in request. It ends with access_denied and a
 * description the client can log (spec defect fixed: not 'error1'); the browser goes to the
 * answer's redirect_Uri, from which the provider sends it to the client with error,
 * error_description, state and iss. Nobody need be signed in to cancel.
 */
export function cancelRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/cancel',
    {
      // Nobody need be signed in to cancel; the request must be this browser's.
      config: { access: publicCall },
      schema: { querystring: requestQuerySchema, response: { 200: cancelSchema } },
    },
    async (request, reply) => {
      const current = await request.journey.signInRequest();
      if (!current) throw new ApiError('request_not_found');
      const { interaction } = current;
      const session = await request.journey.session();
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
