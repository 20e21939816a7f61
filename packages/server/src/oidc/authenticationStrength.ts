/** The amr values (RFC 8176) of a second factor (DESIGN.md, acr and amr table). */
export const secondFactorAmr = ['otp', 'sms', 'tel', 'hwk'] as const;
export type SecondFactorAmr = (typeof secondFactorAmr)[number];

/**
 * RFC 8176's 'mfa', added with the method's own value when a second factor is proved. The
 * method values alone cannot tell: an e-mail code login is already 'otp' by itself.
 */
export const MULTI_FACTOR = 'mfa';

/** The session's amr after a second factor of this kind is proved. */
export function withSecondFactor(amr: readonly string[], method: SecondFactorAmr): string[] {
  return [...new Set([...amr, method, MULTI_FACTOR])];
}

/** True when the session's amr shows a second factor was proved. */
export function usedSecondFactor(amr: readonly string[]): boolean {
  return amr.includes(MULTI_FACTOR);
}

/** True for a PIN login: the PIN plus the browser-held token, two factors by themselves. */
export function usedPinLogin(amr: readonly string[]): boolean {
  return amr.includes('pin') && amr.includes('swk');
}

/**
 * True when the session's amr shows two factors (DESIGN.md): a proved second factor, or a PIN
 * login. This one rule meets a demanded second factor and makes the acr urn:verity:aal2.
 */
export function provedTwoFactors(amr: readonly string[]): boolean {
  return usedSecondFactor(amr) || usedPinLogin(amr);
}

/**
 * The acr of a session from its amr: urn:verity:aal2 for two factors, else urn:verity:aal1.
 * Identity assurance (urn:verity:ial2) is decided on top of this where the evidence is known.
 */
export function acrForAmr(amr: readonly string[]): string {
  return provedTwoFactors(amr) ? 'urn:verity:aal2' : 'urn:verity:aal1';
}
