import { socialCallbackPath, socialProviderSchema, type SocialProvider } from '@verity/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import {
  SocialProviderError,
  type SocialIdentityProvider,
  type SocialProfile,
} from '../../providers/social/socialProvider.js';
import type { FlowPurpose, SocialFlow } from './flowStore.js';

// The guards and steps the social login and link routes share.

/** Attempts started and codes presented, per client address, shared by every instance. */
export const socialLimits = {
  startsPerAddress: { name: 'social-start-ip', max: 60, windowSeconds: 900 },
  codesPerAddress: { name: 'social-code-ip', max: 60, windowSeconds: 900 },
};

export const providerParams = z.object({ provider: socialProviderSchema });

/** The one callback address registered at every provider. */
export function socialRedirectUri(ctx: AppContext): string {
  return new URL(socialCallbackPath, ctx.config.publicUrl).href;
}

export function configuredProvider(
  ctx: AppContext,
  provider: SocialProvider,
): SocialIdentityProvider {
  const adapter = ctx.socialProviders[provider];
  if (!adapter) throw new ApiError('social_provider_unavailable');
  return adapter;
}

/**
 * The flow the provider's answer belongs to: a live, unused attempt of this browser, for this
 * provider and purpose, returning to our own callback. Anything else is a state mismatch.
 */
export async function takeFlow(
  ctx: AppContext,
  request: FastifyRequest,
  provider: SocialProvider,
  purpose: FlowPurpose,
  body: { State: string; RedirectUri: string },
): Promise<SocialFlow> {
  if (body.RedirectUri !== socialRedirectUri(ctx))
    throw new ApiError('validation_failed', 'RedirectUri is not this service’s callback address.');
  const browserId = ctx.browsers.get(request);
  const flow = browserId
    ? await ctx.socialFlows.consume(body.State, browserId, provider, purpose)
    : null;
  if (!flow) throw new ApiError('social_state_mismatch');
  return flow;
}

/** What the provider's code proves; its failures are logged without codes or tokens. */
export async function exchangeCode(
  ctx: AppContext,
  request: FastifyRequest,
  adapter: SocialIdentityProvider,
  answer: { Code: string; Iss?: string | undefined },
  flow: SocialFlow,
): Promise<SocialProfile> {
  try {
    return await adapter.exchange(
      answer.Code,
      { ...flow, redirectUri: socialRedirectUri(ctx) },
      answer.Iss,
    );
  } catch (error) {
    if (!(error instanceof SocialProviderError)) throw error;
    request.log.warn({ provider: adapter.name, reason: error.message }, 'social login failed');
    throw new ApiError('social_provider_error');
  }
}
