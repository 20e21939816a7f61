import { logoutStatusRequestSchema, logoutStatusResponseSchema, okSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { endSession } from '../session/providerSession.js';

/**
 * POST /api/logoutstatus and /api/logoutconfirm: signing out from Verity's own pages. A
 * post_logout_redirect_uri is honoured only when a client this session signed in to has
 * registered it. (A client's own logout goes through the standard end_session endpoint.)
 */
export function logoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/logoutstatus',
    {
      config: { access: publicCall },
      schema: { body: logoutStatusRequestSchema, response: { 200: logoutStatusResponseSchema } },
    },
    async (request) => {
      const wanted = request.body?.post_logout_redirect_uri;
      if (!wanted) return { postLogoutUrl: null };
      const session = (await request.journey.session()) as {
        authorizations?: Record<string, unknown>;
      };
      for (const clientId of Object.keys(session.authorizations ?? {})) {
        const client = await ctx.clients.find(clientId);
        if (client?.metadata.post_logout_redirect_uris.includes(wanted))
          return { postLogoutUrl: wanted };
      }
      return { postLogoutUrl: null };
    },
  );

  typed.post(
    '/api/logoutconfirm',
    { config: { access: publicCall }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      const accountId = await endSession(ctx, request, reply);
      // What a client's request left bound to this browser goes with the session.
      await ctx.interactions.endBrowserRequest(request);
      ctx.browsers.forget(request, reply);
      if (accountId) await ctx.audit.record(accountId, 'logout');
      return { status: 'ok' as const };
    },
  );
}
