import { generateResponseRequestSchema, generateResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { step } from '../../journey/access.js';
import { acrAsk, acrFor } from '../assurance/acr.js';
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
      const { login, twoFactors } = request.journey.who;
      const current = request.journey.current;
      if (!current) throw new ApiError('request_not_found');
      const { interaction, client } = current;
      const userRequirements = await request.journey.outstanding();
      reply.header('Cache-Control', 'no-store');
      if (userRequirements.length > 0)
        return { redirect_Uri: null, clearSession: false, userRequirements };
      const allowed = consentClaims(client.policy, interaction);
      const assurance = await assuranceState(ctx, client.policy, interaction, login.accountId);
      // Never an acr that claims more or less than happened, nor one the request did not accept
      // as essential (that would send the browser round again: a loop).
      const acr = acrFor(
        { twoFactors, assuranceMet: assurance?.met === true },
        acrAsk(interaction.params),
      );
      if (!acr) {
        const redirect_Uri = await ctx.interactions.finish(interaction, {
          error: 'unmet_authentication_requirements',
          error_description: 'The requested authentication context cannot be met.',
        });
        return { redirect_Uri, clearSession: false, userRequirements: [] };
      }
      const redirect_Uri = await ctx.interactions.signIn(interaction, { ...login, acr }, allowed);
      return { redirect_Uri, clearSession: false, userRequirements: [] };
    },
  );
}
