import {
  accountConsentsSchema,
  revokeConsentRequestSchema,
  type Language,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account } from '../../journey/access.js';
import { requestLanguage } from '../../http/language.js';
import { ApiError } from '../../http/apiError.js';
import type { User } from '../accounts/userStore.js';
import { claimTitle } from '../consent/claimTitle.js';
import { revokeClientGrants } from './revokeClient.js';

async function consentsOf(ctx: AppContext, user: User, language: Language) {
  const given = await ctx.consents.listForUser(user.id);
  const consents = await Promise.all(
    given.map(async (consent) => {
      const client = await ctx.clients.find(consent.clientId);
      return {
        clientId: consent.clientId,
        clientName: client?.metadata.client_name ?? consent.clientId,
        details: consent.claims.map((claim) =>
          claimTitle(claim, language, client?.policy.customClaims ?? []),
        ),
        updated: new Date(consent.updatedAt).toISOString(),
        signedWithPin: consent.signed,
      };
    }),
  );
  return { consents };
}

/**
 * GET /api/account/consents and POST /api/account/consents/revoke: the user sees which
 * services they agreed to share details with, and withdraws consent; the service's grants,
 * codes and tokens for this user are revoked with it.
 */
export function accountConsentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/account/consents',
    { config: { access: account('full') }, schema: { response: { 200: accountConsentsSchema } } },
    async (request, reply) => {
      const { user } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      return consentsOf(ctx, user, requestLanguage(request));
    },
  );

  routes.post(
    '/api/account/consents/revoke',
    {
      config: { access: account('full') },
      schema: { body: revokeConsentRequestSchema, response: { 200: accountConsentsSchema } },
    },
    async (request) => {
      const { user } = request.journey.who;
      const { clientId } = request.body;
      const withdrawn = await ctx.consents.withdraw(user.id, clientId);
      if (!withdrawn) throw new ApiError('consent_not_found');
      await revokeClientGrants(ctx, user.id, clientId);
      await ctx.audit.record(user.id, 'consent_revoked', clientId);
      return consentsOf(ctx, user, requestLanguage(request));
    },
  );
}
