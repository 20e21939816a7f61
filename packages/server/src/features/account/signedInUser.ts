import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { provedTwoFactors } from '../../oidc/authenticationStrength.js';
import type { User } from '../accounts/userStore.js';
import { readSession } from '../session/providerSession.js';

/**
 * True when the user has a second factor but this session has not proved two factors: a
 * second factor, or a PIN login (PIN plus the browser-held key), both aal2.
 */
export async function secondFactorPending(
  ctx: AppContext,
  userId: string,
  amr: readonly string[],
): Promise<boolean> {
  if (provedTwoFactors(amr)) return false;
  return (await ctx.secondFactors.count(userId)) > 0;
}

/**
 * The guard of every account call: the browser's signed-in user (else 401 not_signed_in)
 * whose session has proved a second factor when they have one (else 403
 * second_factor_login_required), so a password alone opens nothing in the account.
 */
export async function signedInUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User> {
  const session = await readSession(ctx, request, reply);
  const user = session.accountId ? await ctx.users.findById(session.accountId) : null;
  if (!user || user.closed) throw new ApiError('not_signed_in');
  if (await secondFactorPending(ctx, user.id, session.amr ?? []))
    throw new ApiError('second_factor_login_required');
  return user;
}
