import { acrForAmr, provedTwoFactors } from '../../oidc/authenticationStrength.js';
import type { PinIdentity } from './pinStore.js';

/**
 * A PIN is worth no more than the login that enrolled it (issue 15; docs/pin-protocol.md,
 * 'Strength'). The enrolling login's amr and acr are recorded on the identity; a PIN login
 * then claims two factors only when that login had proved two.
 */
export interface EnrolmentStrength {
  enrolled_amr: string;
  enrolled_acr: string;
}

/** What to record on an identity enrolled by a session with this amr. */
export function enrolmentStrength(amr: readonly string[]): EnrolmentStrength {
  return { enrolled_amr: JSON.stringify(amr), enrolled_acr: acrForAmr(amr) };
}

/** True when the identity was enrolled by a two-factor login; unrecorded (older) ones: false. */
export function enrolledWithTwoFactors(identity: Pick<PinIdentity, 'enrolled_amr'>): boolean {
  if (!identity.enrolled_amr) return false;
  try {
    const amr: unknown = JSON.parse(identity.enrolled_amr);
    return Array.isArray(amr) && provedTwoFactors(amr.map(String));
  } catch {
    return false;
  }
}

/**
 * The amr of a PIN login: the PIN plus the browser-held key ('pin', 'swk', aal2) when the
 * identity was enrolled with two factors; 'pin' alone (aal1, not two factors) otherwise.
 */
export function pinLoginAmr(twoFactors: boolean): string[] {
  return twoFactors ? ['pin', 'swk'] : ['pin'];
}
