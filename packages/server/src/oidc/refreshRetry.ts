import { createHash } from 'node:crypto';
import Provider from 'oidc-provider';

/**
 * The retry grace for a rotated refresh token (issue 18, item 8; docs/flows/sign-in.md, "A
 * retried refresh", has the reasoning). A confidential client that sent a refresh token and lost
 * the answer (a crash or a cut connection after the rotation was recorded) may send the same
 * token again within REFRESH_RETRY_GRACE_SECONDS and get a new pair, instead of having the grant
 * revoked:
 *
 * - Only for a client that authenticated at the token endpoint: a stolen refresh token is of
 *   no use without the client's credentials, so a repeat from that client is a retry, not a
 *   thief racing it. A public client, a repeat after the window, or grace 0 revokes the grant
 *   as before (RFC 9700 4.14.2).
 * - What a rotation issues is not kept in a form that could be replayed: the rotated token's
 *   row records the SHA-256 of each token issued from it (`rotated_to`). A retry issues a new
 *   pair and deletes everything earlier rotations of that token issued, so at most one
 *   refresh token of the family is live. If one of them was already used, the first answer
 *   did arrive: the repeat is a reuse, and the grant is revoked.
 * - Parallel retries (and parallel first uses, when the winner has consumed the token): each
 *   claims the rotated token with a conditional UPDATE of its retry count read just before;
 *   one wins, the others are refused (invalid_grant) without revoking. A request whose
 *   tokens are saved after a later retry claimed the token is refused too (its save is
 *   conditional on the count it claimed), so no two retries both leave a live token.
 */

/** What the token endpoint's request learnt about the refresh token it is rotating. */
export interface RotationState {
  /** The token being rotated, and the retry count under which its successors may be saved. */
  rotating?: { id: string; retries: number };
}

const states = new WeakMap<object, RotationState>();

/** The token endpoint request under way, if the adapter is called from one. */
function tokenRequest() {
  const ctx = Provider.ctx;
  return ctx?.oidc?.route === 'token' && ctx.oidc.params?.grant_type === 'refresh_token'
    ? ctx
    : undefined;
}

/** This request's rotation state (created on first use); undefined outside a refresh. */
export function rotationState(): RotationState | undefined {
  const ctx = tokenRequest();
  if (!ctx) return undefined;
  let state = states.get(ctx);
  if (!state) states.set(ctx, (state = {}));
  return state;
}

/** Whether the client of this refresh request authenticated (a confidential client). */
export function confidentialClientRequest(): boolean {
  const method = tokenRequest()?.oidc.client?.clientAuthMethod;
  return method !== undefined && method !== 'none';
}

/** How a token issued by a rotation is recorded on the token it replaced. */
export function tokenHash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
