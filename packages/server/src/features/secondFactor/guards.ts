import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import type { StepView } from '../../journey/journey.js';
import type { Taken } from '../../kv/slidingWindow.js';
import { type SecondFactorAmr } from '../../oidc/authenticationStrength.js';
import { addSessionFactor } from '../session/providerSession.js';
import { demandsSecondFactor } from './requirement.js';

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

/**
 * Guard: takes one answer (authenticator or recovery code) from the user's code-guess budgets
 * before it is checked, atomically; a spent budget answers 429. A right answer is given back.
 */
export async function countAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
): Promise<Taken> {
  return takeCodeGuess(ctx, request, { userId }, 'second-factor-login');
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
