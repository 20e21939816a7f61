import {
  obCallbackRequestSchema,
  obCallbackResponseSchema,
  obLoginQuerySchema,
  obLoginRequestSchema,
  obLoginResponseSchema,
  obProvidersResponseSchema,
  type ObProviderType,
} from '@verity/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { byPurpose, handoff, publicCall, step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import type { AccountDataProvider } from '../../providers/bank/accountDataProvider.js';
import { bankCallback } from './callback.js';
import { errorText } from '../../messages/errorMessages.js';

/** Trips to a bank cost the provider money and create records: limited per address and browser. */
export const obLimits = {
  startPerAddress: { name: 'ob-start-ip', max: 30, windowSeconds: 900 },
  startPerBrowser: { name: 'ob-start-browser', max: 10, windowSeconds: 900 },
  callbackPerAddress: { name: 'ob-callback-ip', max: 30, windowSeconds: 900 },
};

const logoParams = z.object({
  file: z
    .string()
    .max(80)
    .regex(/\.svg$/),
});

/**
 * Bank choice and bank login: GET /api/ob/providers, the logos, POST /api/login/ob and its GET
 * variants per provider type, and POST /api/login/obcallback.
 */
export function openBankingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const redirectUri = `${ctx.config.publicUrl.origin}/ObCallback`;

  const providerNamed = (name: string, type?: ObProviderType): AccountDataProvider => {
    const provider = ctx.bankProviders.find(
      (candidate) => candidate.displayName.toLowerCase() === name.toLowerCase(),
    );
    if (!provider || (type && provider.type !== type)) throw new ApiError('unknown_bank');
    return provider;
  };

  /**
   * What a start is: for a signed-in user (second factor pending or not) the open banking
   * check, the `check` step; for nobody signed in a bank login, public (the handler allows it
   * only for a client that does).
   */
  const startAccess = byPurpose({ check: step('check'), bankLogin: publicCall }, async (request) =>
    (await request.journey.signIn()) ? 'check' : 'bankLogin',
  );

  /** Guards, then one action: a new attempt record and the bank's address. */
  const start = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { display_name: string; RequestId?: string },
    type?: ObProviderType,
  ) => {
    await enforceLimit(ctx, obLimits.startPerAddress, clientIp(request));
    const provider = providerNamed(input.display_name, type);
    const interaction = (await request.journey.signInRequest())?.interaction;
    // The check's user, as its `check` step established them; nobody for a bank login.
    const userId = request.journey.purpose === 'check' ? request.journey.who.accountId : null;
    if (userId) {
      // Like every identity check: not again straight after it failed.
      const { passed, unavailable } = await ctx.evidence.standing(userId);
      if (unavailable.has('OB') && !passed.has('OB'))
        throw new ApiError(
          'step_not_allowed',
          errorText((texts) => texts.checkNotAgain),
        );
    } else {
      // Nobody signed in: only a bank login, and only for a client that allows it.
      const client = (await request.journey.signInRequest())?.client;
      if (!client?.policy.allowBankLogin) throw new ApiError('not_signed_in');
    }
    const browserId = ctx.browsers.ensure(request, reply);
    await enforceLimit(ctx, obLimits.startPerBrowser, browserId);
    const { state, codeChallenge } = await ctx.obAttempts.start({
      browserId,
      userId,
      requestId: interaction?.uid ?? null,
      provider: provider.displayName,
    });
    reply.header('Cache-Control', 'no-store');
    return {
      url: provider.authLink({ state, codeChallenge, redirectUri }),
      iFrame: provider.type === 'tk',
    };
  };

  typed.get(
    '/api/ob/providers',
    { config: { access: publicCall }, schema: { response: { 200: obProvidersResponseSchema } } },
    async () => ({
      providers: ctx.bankProviders.map((provider) => ({
        display_name: provider.displayName,
        obProviderType: provider.type,
      })),
      obProviderType: ctx.bankProviders[0]?.type ?? null,
    }),
  );

  typed.get(
    '/providers/:file',
    { config: { access: publicCall }, schema: { params: logoParams, hide: true } },
    async (request, reply) => {
      const name = request.params.file.replace(/\.svg$/, '');
      const provider = ctx.bankProviders.find((candidate) => candidate.displayName === name);
      if (!provider) throw new ApiError('not_found');
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(await provider.logo());
    },
  );

  typed.post(
    '/api/login/ob',
    {
      config: { access: startAccess },
      schema: { body: obLoginRequestSchema, response: { 200: obLoginResponseSchema } },
    },
    async (request, reply) => start(request, reply, request.body),
  );

  for (const type of ['tk', 'tl'] as const) {
    typed.get(
      `/api/login/ob/${type}`,
      {
        config: { access: startAccess },
        schema: { querystring: obLoginQuerySchema, response: { 200: obLoginResponseSchema } },
      },
      async (request, reply) => start(request, reply, request.query, type),
    );
  }

  typed.post(
    '/api/login/obcallback',
    {
      config: { access: handoff('bankCallback') },
      schema: { body: obCallbackRequestSchema, response: { 200: obCallbackResponseSchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, obLimits.callbackPerAddress, clientIp(request));
      reply.header('Cache-Control', 'no-store');
      return bankCallback(ctx, request, reply, request.body, redirectUri);
    },
  );
}
