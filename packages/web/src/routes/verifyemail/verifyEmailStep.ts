import { isValidEmail } from '../../validation/email';

export type VerifyEmailStep = { step: 'email' } | { step: 'code'; email: string };

/** What /verifyemail is given in its history entry (router state). */
export type VerifyEmailState = { email: string } | { step: 'email' };

function stateEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email } = state as Record<string, unknown>;
  return typeof email === 'string' && isValidEmail(email) ? email : null;
}

/**
 * Which step /verifyemail shows: the code step for the e-mail in the history entry (from
 * /signup2, login of an unverified account, or step 1); step 1 when the entry says so
 * (Start over, or Back to it); otherwise the code step for the e-mail kept in
 * sessionStorage (a reload), else step 1.
 */
export function verifyEmailStep(state: unknown, pendingEmail: string | null): VerifyEmailStep {
  const email = stateEmail(state);
  if (email !== null) return { step: 'code', email };
  const explicitEmailStep =
    typeof state === 'object' && state !== null && (state as { step?: unknown }).step === 'email';
  if (!explicitEmailStep && pendingEmail !== null && isValidEmail(pendingEmail)) {
    return { step: 'code', email: pendingEmail };
  }
  return { step: 'email' };
}
