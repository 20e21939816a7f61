import type { AppContext } from '../../context.js';
import type { PinIdentity } from './pinStore.js';

/**
 * The extras of a PIN authentication result (spec): renewSecret when the identity's secret
 * predates PIN_RENEW_SECRETS_ISSUED_BEFORE (no session then: the browser renews and logs in
 * again), else dvsRegister when no signing identity was registered from this identity.
 */
export async function renewalOf(
  ctx: AppContext,
  identity: PinIdentity,
): Promise<{ regOTT: string } | null> {
  if (!ctx.pins.needsRenewal(identity, ctx.config.pinRenewSecretsIssuedBefore)) return null;
  return { regOTT: await ctx.pins.startRenewal(identity.id) };
}

export async function dvsRegisterOf(
  ctx: AppContext,
  identity: PinIdentity,
  browserId: string,
): Promise<{ token: string } | null> {
  if (await ctx.pins.activeSigningOf(identity.id)) return null;
  return { token: await ctx.pins.issueDvsToken(identity.id, browserId) };
}
