import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { User } from '../accounts/userStore.js';
import { readSession } from './providerSession.js';

/** The user signed in on this browser, from oidc-provider's session cookie. */
export async function currentUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User | null> {
  const session = await readSession(ctx, request, reply);
  if (!session.accountId) return null;
  const user = await ctx.users.findById(session.accountId);
  return user && !user.closed ? user : null;
}
