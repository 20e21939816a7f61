import { firstSupportedLanguage, requestInfoSchema, requestParamsSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { rememberLanguage, requestLanguage } from '../../http/language.js';
import { sendSpaIndex } from '../../http/spa.js';
import { publicCall } from '../../journey/access.js';
import { requestInfo } from './requestInfo.js';

export function requestRoutes(app: FastifyInstance, ctx: AppContext, webRoot?: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The browser arrives here from the authorization endpoint: bind the request to it, then
  // let the SPA take over. A browser without the interaction cookie is not bound, and the
  // SPA's POST below then answers request_not_bound. A request naming ui_locales sets the
  // language of its screens, remembered for this browser (OpenID Connect Core 3.1.2.1: the
  // first supported wins); the switcher can change it after.
  typed.get(
    '/requests/:requestId',
    { config: { access: publicCall }, schema: { params: requestParamsSchema, hide: true } },
    async (request, reply) => {
      const interaction = await ctx.interactions.bind(request, reply, request.params.requestId);
      const asked = firstSupportedLanguage(interaction?.params.ui_locales);
      if (asked) {
        rememberLanguage(request, reply, asked, ctx.config.publicUrl.protocol === 'https:');
      }
      return sendSpaIndex(
        reply,
        webRoot,
        { product: ctx.config.productName, company: ctx.config.companyName },
        requestLanguage(request),
      );
    },
  );

  typed.post(
    '/api/requests/:requestId',
    {
      // Public: anyone bound to the request learns what it needs (who is signed in, if anyone).
      config: { access: publicCall },
      schema: { params: requestParamsSchema, response: { 200: requestInfoSchema } },
    },
    async (request, reply) => {
      const interaction = await ctx.interactions.load(request, request.params.requestId);
      reply.header('Cache-Control', 'no-store');
      return requestInfo(ctx, interaction, request.journey);
    },
  );
}
