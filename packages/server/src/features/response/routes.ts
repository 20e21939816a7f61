import { generateResponseRequestSchema, generateResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { reachedAcr } from '../assurance/acr.js';
import { assuranceState } from '../assurance/assuranceState.js';
import { consentClaims } from '../profile/requestedClaims.js';
import { outstandingRequirements } from '../requests/requirements.js';
import { readSession } from '../session/providerSession.js';

/**
 * POST /api/generateresponse: finishes the sign-in request once nothing is outstanding. The
 * answer's redirect_Uri is the provider's resume address; the provider then sends the browser
 * to the client with code, state and iss, in the response_mode the client asked for.
 */
export function responseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/generateresponse',
    {
      schema: { body: generateResponseRequestSchema, response: { 200: generateResponseSchema } },
    },
    async (request, reply) => {
      const interaction = await ctx.interactions.load(request, request.body.requestId);
      const client = await ctx.clients.find(String(interaction.params.client_id));
      const session = await readSession(ctx, request, reply);
      const login = await ctx.interactions.currentLogin(
        interaction,
        session,
        client?.policy.sessionLifetime ?? null,
      );
      if (!login) throw new ApiError('not_signed_in');
      const userRequirements = await outstandingRequirements(ctx, interaction, login);
      reply.header('Cache-Control', 'no-store');
      if (userRequirements.length > 0)
        return { redirect_Uri: null, clearSession: false, userRequirements };
      const allowed = client ? consentClaims(client.policy, interaction) : [];
      const assurance = client
        ? await assuranceState(ctx, client.policy, interaction, login.accountId)
        : null;
      const acr = reachedAcr(login.acr, assurance?.met === true);
      const redirect_Uri = await ctx.interactions.signIn(interaction, { ...login, acr }, allowed);
      return { redirect_Uri, clearSession: false, userRequirements: [] };
    },
  );
}
