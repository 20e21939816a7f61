import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { outstandingRequirements } from '../requests/requirements.js';
import { startSession } from './providerSession.js';

export type Login = Omit<RequestLogin, 'existingSession'>;

/**
 * A user proved who they are. During a sign-in request the login is recorded on the request
 * and becomes the session when the request finishes (oidc-provider then issues a new session
 * id); otherwise the browser is signed in at once. Returns what is still outstanding.
 */
export async function signInBrowser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string | undefined,
  login: Login,
): Promise<Requirement[]> {
  if (requestId) {
    const interaction = await ctx.interactions.load(request, requestId);
    await ctx.interactions.recordLogin(interaction, login);
    return outstandingRequirements(ctx, interaction, { ...login, existingSession: false });
  }
  await startSession(ctx, request, reply, login);
  return [];
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
