import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RateLimit } from '../kv/rateLimiter.js';
import { ApiError } from './apiError.js';

/** Counts one attempt against a limit; over it, the call answers 429 rate_limited. */
export async function enforceLimit(
  ctx: AppContext,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  const result = await ctx.rateLimiter.hit(limit, subject);
  if (!result.allowed)
    throw new ApiError('rate_limited', undefined, { retryAfterSeconds: result.retryAfterSeconds });
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
