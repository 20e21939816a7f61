import { generateResponseRequestSchema, generateResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { step } from '../../journey/access.js';
import { reachedAcr } from '../assurance/acr.js';
import { assuranceState } from '../assurance/assuranceState.js';
import { consentClaims } from '../profile/requestedClaims.js';

/**
 * POST /api/generateresponse: finishes the sign-in request once nothing is outstanding. The
 * answer's redirect_Uri is the provider's resume address; the provider then sends the browser
 * to the client with code, state and iss, in the response_mode the client asked for.
 */
export function responseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/generateresponse',
    {
      config: { access: step('generateResponse') },
      schema: { body: generateResponseRequestSchema, response: { 200: generateResponseSchema } },
    },
    async (request, reply) => {
      const { login } = request.journey.who;
      const current = request.journey.current;
      if (!current) throw new ApiError('request_not_found');
      const { interaction, client } = current;
      const userRequirements = await request.journey.outstanding();
      reply.header('Cache-Control', 'no-store');
      if (userRequirements.length > 0)
        return { redirect_Uri: null, clearSession: false, userRequirements };
      const allowed = consentClaims(client.policy, interaction);
      const assurance = await assuranceState(ctx, client.policy, interaction, login.accountId);
      const acr = reachedAcr(login.acr, assurance?.met === true);
      const redirect_Uri = await ctx.interactions.signIn(interaction, { ...login, acr }, allowed);
      return { redirect_Uri, clearSession: false, userRequirements: [] };
    },
  );
}
