import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { StepView } from '../../journey/journey.js';
import { type SecondFactorAmr } from '../../oidc/authenticationStrength.js';
import { addSessionFactor } from '../session/providerSession.js';
import { demandsSecondFactor } from './requirement.js';

/** Wrong second-factor answers (authenticator and recovery codes) per user in a window. */
export const secondFactorFailures = { name: 'second-factor-failures', max: 5, windowSeconds: 900 };

/** Set-ups started per user in an hour (each mints a secret or sends a code). */
export const setupStarts = { name: 'second-factor-setup', max: 20, windowSeconds: 3600 };

/** The last method cannot go while the request in progress demands a second factor. */
export function refuseRemovingLast(step: StepView): void {
  if (
    step.methods <= 1 &&
    step.interaction &&
    step.client &&
    demandsSecondFactor(step.client.policy, step.interaction)
  )
    throw new ApiError('last_second_factor_required');
}

/** Counts one answer against the user's limit before it is checked (atomically). */
export async function countAnswer(ctx: AppContext, userId: string): Promise<number> {
  const key = `rl:${secondFactorFailures.name}:${userId}`;
  const count = await ctx.kv.increment(key, secondFactorFailures.windowSeconds);
  if (count > secondFactorFailures.max) throw new ApiError('rate_limited');
  return secondFactorFailures.max - count;
}

export async function clearAnswers(ctx: AppContext, userId: string): Promise<void> {
  await ctx.kv.delete(`rl:${secondFactorFailures.name}:${userId}`);
}

/**
 * A second factor was proved: the session's amr and acr say so, and the answer is what the
 * request still needs.
 */
export async function secondFactorProved(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  method: SecondFactorAmr,
): Promise<Requirement[]> {
  await addSessionFactor(ctx, request, reply, method);
  await request.journey.sessionChanged();
  return request.journey.outstanding();
}
