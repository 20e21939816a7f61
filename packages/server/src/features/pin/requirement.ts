import type { Requirement } from '@verity/contracts';
import type { RequestLogin } from '../../oidc/interactions.js';

/**
 * For a client that demands PIN login: a session that logged in with the PIN has nothing to
 * do; any other signed-in session sets up a PIN identity on this browser (setupMPin). The
 * server cannot see which browser holds which token, so an identity on another device does
 * not count; /mpinsetup logs in with the new identity at once, so loginMPin ("registered but
 * not yet logged in with it") does not arise.
 */
export function pinRequirements(login: RequestLogin): Requirement[] {
  return login.amr.includes('pin') ? [] : ['setupMPin'];
}
