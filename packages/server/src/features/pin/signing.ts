import { createMpinId, parseMpinId } from '@verity/pin';
import type { AppContext } from '../../context.js';
import type { PinIdentity } from './pinStore.js';
import { enrolledWithTwoFactors } from './strength.js';

/**
 * The extras of a PIN authentication result (spec): renewSecret when the identity's secret
 * predates PIN_RENEW_SECRETS_ISSUED_BEFORE (no session then: the browser renews and logs in
 * again), else dvsRegister when no signing identity was registered from this identity.
 * A renewal is issued for a new mpin_id of the same user (the authorities give shares only
 * for an mpin_id just issued, and one public key per mpin_id); signatureURL answers it.
 */
export async function renewalOf(
  ctx: AppContext,
  identity: PinIdentity,
): Promise<{ regOTT: string } | null> {
  if (!ctx.pins.needsRenewal(identity, ctx.config.pinRenewSecretsIssuedBefore)) return null;
  const mpinId = createMpinId({
    userID: identity.user_id,
    mobile: parseMpinId(identity.mpin_id).mobile === 1 ? 1 : 0,
  });
  return { regOTT: await ctx.pins.startRenewal(identity.id, mpinId) };
}

/**
 * True when a login with this identity is its user's full strength (journey/enforce.ts): it
 * proved two factors, or the user has no second factor to owe. Enrolling a signing identity is
 * enrolling an authenticator (issue 15): an aal1 PIN of a user who added a second factor since
 * may log in, but enrols nothing until that factor is proved.
 */
export async function pinLoginIsFullStrength(
  ctx: AppContext,
  identity: Pick<PinIdentity, 'user_id' | 'enrolled_amr'>,
): Promise<boolean> {
  return (
    enrolledWithTwoFactors(identity) || (await ctx.secondFactors.count(identity.user_id)) === 0
  );
}

export async function dvsRegisterOf(
  ctx: AppContext,
  identity: PinIdentity,
  browserId: string,
): Promise<{ token: string } | null> {
  if (await ctx.pins.activeSigningOf(identity.id)) return null;
  if (!(await pinLoginIsFullStrength(ctx, identity))) return null;
  return { token: await ctx.pins.issueDvsToken(identity.id, browserId) };
}
