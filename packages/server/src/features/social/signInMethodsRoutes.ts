import {
  okSchema,
  signInMethodsSchema,
  socialLinkRequestSchema,
  socialProviders,
  type SignInMethods,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import type { User } from '../accounts/userStore.js';
import { account } from '../../journey/access.js';
import { sendSignInMethodNotice } from './notices.js';
import {
  configuredProvider,
  exchangeCode,
  providerParams,
  socialLimits,
  takeFlow,
} from './attempts.js';
import { requestLanguage } from '../../http/language.js';

async function methodsOf(ctx: AppContext, user: User): Promise<SignInMethods> {
  const identities = await ctx.socialIdentities.forUser(user.id);
  const hasPassword = (await ctx.users.passwordHash(user.id)) !== null;
  const linked = new Set(identities.map((identity) => identity.provider));
  return {
    methods: [
      ...(hasPassword ? [{ method: 'password' as const, email: user.email, added: null }] : []),
      ...identities.map((identity) => ({
        method: identity.provider,
        email: identity.email,
        added: new Date(identity.createdAt).toISOString(),
      })),
    ],
    available: socialProviders.filter((name) => ctx.socialProviders[name] && !linked.has(name)),
  };
}

/**
 * The account's sign-in methods: GET /api/account/signin-methods lists them; POST
 * /api/account/signin-methods/{provider} links an identity (after the provider's popup, as a
 * login does); POST .../{provider}/remove unlinks one, never the last way to sign in.
 */
export function signInMethodsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/account/signin-methods',
    { config: { access: account('full') }, schema: { response: { 200: signInMethodsSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return methodsOf(ctx, request.journey.who.user);
    },
  );

  typed.post(
    '/api/account/signin-methods/:provider',
    {
      config: { access: account('recent') },
      schema: {
        params: providerParams,
        body: socialLinkRequestSchema,
        response: { 200: signInMethodsSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { user } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      await enforceLimit(ctx, socialLimits.codesPerAddress, clientIp(request));
      const adapter = configuredProvider(ctx, provider);
      const flow = await takeFlow(ctx, request, provider, 'link', request.body);
      // Started by this account: a link begun before a sign-out is not finished by another user.
      if (flow.accountId !== user.id) throw new ApiError('social_state_mismatch');
      const profile = await exchangeCode(ctx, request, adapter, request.body, flow);
      const outcome = await ctx.socialIdentities.link(
        user.id,
        provider,
        profile.subject,
        profile.email,
      );
      if (outcome === 'identity_in_use') throw new ApiError('social_identity_in_use');
      if (outcome === 'already_linked') throw new ApiError('social_already_linked');
      await ctx.audit.record(user.id, 'social_linked');
      await sendSignInMethodNotice(ctx, user.email, provider, 'linked', requestLanguage(request));
      return methodsOf(ctx, user);
    },
  );

  typed.post(
    '/api/account/signin-methods/:provider/remove',
    {
      config: { access: account('recent') },
      schema: { params: providerParams, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const { user } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      const outcome = await ctx.socialIdentities.unlink(user.id, request.params.provider);
      if (outcome === 'none') throw new ApiError('not_found');
      if (outcome === 'last') throw new ApiError('last_signin_method');
      await ctx.audit.record(user.id, 'social_unlinked');
      await sendSignInMethodNotice(
        ctx,
        user.email,
        request.params.provider,
        'removed',
        requestLanguage(request),
      );
      return { status: 'ok' as const };
    },
  );
}
