import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import type { Taken } from '../../kv/slidingWindow.js';
import { provedTwoFactors, type SecondFactorAmr } from '../../oidc/authenticationStrength.js';
import { outstandingRequirements } from '../requests/requirements.js';
import { addSessionFactor } from '../session/providerSession.js';
import { nowSeconds } from '../session/signIn.js';
import { stepContext } from '../session/stepContext.js';
import { demandsSecondFactor } from './requirement.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * Adding or removing a method needs a recent login: the password (or social) login of this
 * session at most 15 minutes ago and, once the user has a method, two factors proved in this
 * session (a second factor, or a PIN login). So a stolen password alone, or a browser left signed in, cannot change how
 * the account signs in.
 */
export const RECENT_LOGIN_SECONDS = 15 * 60;

/** Set-ups started per user in an hour (each mints a secret or sends a code). */
export const setupStarts = { name: 'second-factor-setup', max: 20, windowSeconds: 3600 };

/** Guard: a signed-in user, and the request in progress (if any). */
export const signedInStep = stepContext;

/** Guard: a signed-in user whose login is recent enough to change their methods. */
export async function methodChangeContext(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const step = await stepContext(ctx, request, reply);
  if (nowSeconds() - (step.session.loginTs ?? 0) > RECENT_LOGIN_SECONDS)
    throw new ApiError('recent_login_required');
  const methods = await ctx.secondFactors.count(step.accountId);
  if (methods > 0 && !provedTwoFactors(step.session.amr ?? []))
    throw new ApiError('second_factor_required');
  const user = await ctx.users.findById(step.accountId);
  if (!user) throw new ApiError('not_signed_in');
  return { ...step, user, methods };
}

/** Guard: the last method cannot go while the request in progress demands a second factor. */
export function refuseRemovingLast(step: Awaited<ReturnType<typeof methodChangeContext>>): void {
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
  interaction: Interaction | null,
  method: SecondFactorAmr,
): Promise<Requirement[]> {
  const session = await addSessionFactor(ctx, request, reply, method);
  if (!interaction) return [];
  const login = await ctx.interactions.currentLogin(interaction, session);
  return outstandingRequirements(ctx, interaction, login);
}
