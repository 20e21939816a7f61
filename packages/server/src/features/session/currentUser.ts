import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export interface CurrentUser {
  id: string;
  email: string;
}

/** The user signed in on this browser, from oidc-provider's session cookie. */
export async function currentUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentUser | null> {
  const koa = ctx.provider.createContext(request.raw, reply.raw);
  const session = await ctx.provider.Session.get(koa);
  if (!session.accountId) return null;
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', session.accountId)
    .executeTakeFirst();
  return user ?? null;
}
