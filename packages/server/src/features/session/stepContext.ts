import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { readSession } from './providerSession.js';

/**
 * The guards every step of a sign-in request starts with: a signed-in user, and the request
 * the page names (?requestId=, bound to this browser), or else the browser's latest request.
 */
export async function stepContext(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await readSession(ctx, request, reply);
  if (!session.accountId) throw new ApiError('not_signed_in');
  const { requestId } = request.query as { requestId?: string };
  const interaction = requestId
    ? await ctx.interactions.load(request, requestId)
    : await ctx.interactions.currentRequest(request);
  const client = interaction
    ? await ctx.clients.find(String(interaction.params.client_id))
    : undefined;
  return { session, accountId: session.accountId, interaction, client };
}
