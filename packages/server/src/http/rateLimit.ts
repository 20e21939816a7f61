import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { RateLimit } from '../kv/rateLimiter.js';
import { ApiError } from './apiError.js';
import type { ErrorText } from '../messages/errorMessages.js';

/**
 * A call refused by the limit or budget named `limit`: counted in the metrics (by that fixed
 * name, never the subject), answered 429 rate_limited, with `retryAfterSeconds` (and the
 * Retry-After header) when the wait is known. Every API refusal is made here
 * (rateLimit.test.ts keeps it so).
 */
export function rateLimited(
  ctx: AppContext,
  limit: string,
  retryAfterSeconds?: number,
  message?: ErrorText,
): ApiError {
  ctx.metrics.refused(limit);
  return new ApiError(
    'rate_limited',
    message,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
}

/** Counts one attempt against a limit; over it, the call answers 429 rate_limited. */
export async function enforceLimit(
  ctx: AppContext,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  const result = await ctx.rateLimiter.hit(limit, subject);
  if (!result.allowed) throw rateLimited(ctx, limit.name, result.retryAfterSeconds);
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
