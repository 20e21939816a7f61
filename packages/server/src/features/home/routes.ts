import { homeSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account } from '../../journey/access.js';
import { requestLanguage } from '../../http/language.js';
import { activityTitles } from '../../messages/activityTitles.js';
import { checkOffered, providerChecks } from '../checks/checkProviders.js';
import { verificationsOf } from './verifications.js';

const RECENT = 10;

/** GET /api/home: recent activity from the user's audit events, and their verifications. */
export function homeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/home',
      { config: { access: account('full') }, schema: { response: { 200: homeSchema } } },
      async (request, reply) => {
        const { user } = request.journey.who;
        const language = requestLanguage(request);
        const events = await ctx.audit.forUser(user.id, RECENT);
        reply.header('Cache-Control', 'no-store');
        const unavailableChecks = providerChecks.filter((check) => !checkOffered(ctx, check));
        return {
          auditEvents: events.map((event) => ({
            title: activityTitles[language][event.type],
            created: new Date(event.createdAt).toISOString(),
          })),
          verification: await verificationsOf(ctx, user.id, language),
          ...(unavailableChecks.length > 0 ? { unavailableChecks } : {}),
        };
      },
    );
}
