import type { Requirement } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';

/**
 * For a client that demands PIN login: a session that logged in with the PIN has nothing to
 * do; a user with a registered identity for this client must log in with it (loginMPin);
 * anyone else must set one up first (setupMPin).
 */
export async function pinRequirements(
  ctx: AppContext,
  clientId: string,
  login: RequestLogin,
): Promise<Requirement[]> {
  if (login.amr.includes('pin')) return [];
  return (await ctx.pins.hasActiveIdentity(login.accountId, clientId))
    ? ['loginMPin']
    : ['setupMPin'];
}
