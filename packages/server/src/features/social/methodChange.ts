import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { User } from '../accounts/userStore.js';
import { signedInUser } from '../account/signedInUser.js';
import { methodChangeContext } from '../secondFactor/guards.js';

/**
 * Guard of linking and removing a sign-in method (link start, link completion, removal): the
 * account guard, then the second factor's rule for changing how the account signs in (a login
 * at most 15 minutes ago and, when the user has a second factor, one proved in this session),
 * so a stolen password or a browser left signed in cannot add or remove a way in.
 */
export async function signInMethodChanger(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User> {
  const user = await signedInUser(ctx, request, reply);
  await methodChangeContext(ctx, request, reply);
  reply.header('Cache-Control', 'no-store');
  return user;
}
