import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestLanguage } from '../../http/language.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { outstandingRequirements } from '../requests/requirements.js';
import { startSession } from './providerSession.js';

/**
 * A user proved who they are: the browser gets a new session at once. During a sign-in
 * request the request follows the new session, and the answer is what is still outstanding.
 * The browser's language becomes the account's (every way of signing in, and sign-up, ends
 * here), so mail sent later outside the owner's request speaks it (docs/i18n.md).
 */
export async function signInBrowser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string | undefined,
  login: RequestLogin,
): Promise<Requirement[]> {
  const interaction = requestId ? await ctx.interactions.load(request, requestId) : undefined;
  await ctx.users.setLanguage(login.accountId, requestLanguage(request));
  const session = await startSession(ctx, request, reply, login);
  if (!interaction) return [];
  await ctx.interactions.adoptSession(interaction, session);
  return outstandingRequirements(ctx, interaction, login);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
