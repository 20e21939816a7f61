import type { Requirement } from '@verity/contracts';
import type { RequestLogin } from '../../oidc/interactions.js';

/**
 * For a client that demands PIN login: a session that logged in with the PIN has nothing to
 * do; any other signed-in session sets up a PIN identity on this browser (setupMPin). The
 * server cannot see which browser holds which token, so an identity on another device does
 * not count; /mpinsetup logs in with the new identity at once, so loginMPin ("registered but
 * not yet logged in with it") does not arise. A PIN login meets this whatever it is worth; what
 * it is worth (features/pin/strength.ts) is judged by the second-factor requirement: a PIN
 * enrolled with one factor ('pin' alone) still owes the client's or the user's second factor.
 */
export function pinRequirements(login: RequestLogin): Requirement[] {
  return login.amr.includes('pin') ? [] : ['setupMPin'];
}
