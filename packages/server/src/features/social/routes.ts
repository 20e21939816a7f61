import {
  socialLoginRequestSchema,
  socialLoginResponseSchema,
  socialProviders,
  socialProvidersResponseSchema,
  socialStartRequestSchema,
  socialStartResponseSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { SocialProviderError } from '../../providers/social/socialProvider.js';
import { account as accountAccess, byPurpose, handoff, publicCall } from '../../journey/access.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';
import {
  configuredProvider,
  exchangeCode,
  providerParams,
  socialLimits,
  socialRedirectUri,
  takeFlow,
} from './attempts.js';
import { joinAccount } from './joinAccount.js';
import { sendSignInMethodNotice } from './notices.js';
import { requestLanguage } from '../../http/language.js';

/**
 * GET /api/login/providers, POST /api/login/{provider}/start and POST /api/login/{provider}
 * (the spec's social login: Code, RedirectUri, RequestId; answered with email and
 * userRequirements).
 */
export function socialLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/login/providers',
    {
      config: { access: publicCall },
      schema: { response: { 200: socialProvidersResponseSchema } },
    },
    async () => ({ providers: socialProviders.filter((name) => ctx.socialProviders[name]) }),
  );

  typed.post(
    '/api/login/:provider/start',
    {
      // Public as a login; a link changes how the account signs in: account('recent'). Read
      // before validation: only an exact 'login' is the public purpose.
      config: {
        access: byPurpose({ login: publicCall, link: accountAccess('recent') }, (request) =>
          (request.body as { Purpose?: unknown } | undefined)?.Purpose === 'login'
            ? 'login'
            : 'link',
        ),
      },
      schema: {
        params: providerParams,
        body: socialStartRequestSchema,
        response: { 200: socialStartResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { Purpose, RequestId, TermsVersion } = request.body;
      await enforceLimit(ctx, socialLimits.startsPerAddress, clientIp(request));
      const adapter = configuredProvider(ctx, provider);
      // A request must be this browser's; a link is for the signed-in account (its purpose
      // was enforced as account('recent')).
      if (RequestId) await ctx.interactions.load(request, RequestId);
      const account = request.journey.purpose === 'link' ? request.journey.who.user : null;
      const flow = await ctx.socialFlows.create({
        provider,
        purpose: Purpose,
        browserId: ctx.browsers.ensure(request, reply),
        requestId: RequestId ?? null,
        accountId: account?.id ?? null,
        termsVersion: Purpose === 'login' ? (TermsVersion ?? null) : null,
      });
      let url: URL;
      try {
        url = await adapter.authorizationUrl({ ...flow, redirectUri: socialRedirectUri(ctx) });
      } catch (error) {
        if (!(error instanceof SocialProviderError)) throw error;
        request.log.warn({ provider, reason: error.message }, 'social provider unavailable');
        throw new ApiError('social_provider_error');
      }
      reply.header('Cache-Control', 'no-store');
      return { authorizationUrl: url.href, state: flow.state };
    },
  );

  typed.post(
    '/api/login/:provider',
    {
      config: { access: handoff('socialCallback') },
      schema: {
        params: providerParams,
        body: socialLoginRequestSchema,
        response: { 200: socialLoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { RequestId } = request.body;
      await enforceLimit(ctx, socialLimits.codesPerAddress, clientIp(request));
      const adapter = configuredProvider(ctx, provider);
      const flow = await takeFlow(ctx, request, provider, 'login', request.body);
      if ((RequestId ?? null) !== flow.requestId) throw new ApiError('social_state_mismatch');
      const profile = await exchangeCode(ctx, request, adapter, request.body, flow);
      const account = await joinAccount(ctx, provider, profile, flow.termsVersion);
      const userRequirements = await signInBrowser(ctx, request, reply, RequestId, {
        accountId: account.userId,
        amr: ['fed'],
        acr: 'urn:verity:aal1',
        loginTs: nowSeconds(),
        remember: false,
      });
      for (const event of account.events) await ctx.audit.record(account.userId, event);
      await ctx.audit.login(account.userId, 'login', 'social');
      if (account.events.includes('social_linked') && !account.events.includes('signup'))
        await sendSignInMethodNotice(
          ctx,
          account.email,
          provider,
          'linked',
          requestLanguage(request),
        );
      reply.header('Cache-Control', 'no-store');
      return { email: account.email, userRequirements };
    },
  );
}
