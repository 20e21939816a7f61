import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { User } from '../accounts/userStore.js';
import { currentUser } from '../session/currentUser.js';

/** The guard of every account call: the browser's signed-in user, or 401 not_signed_in. */
export async function signedInUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User> {
  const user = await currentUser(ctx, request, reply);
  if (!user) throw new ApiError('not_signed_in');
  return user;
}
