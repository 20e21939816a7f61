import { accountsCopy } from '../copy/accounts';

/** The code as typed, without the spaces people copy along with it. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** An e-mail code is exactly 6 digits (second document, section 5). */
export function isSixDigitCode(code: string): boolean {
  return /^\d{6}$/.test(normalizeCode(code));
}

/** The forgot-password code's error (first document, section 5), or null when it is valid. */
export function resetCodeError(code: string): string | null {
  const normalized = normalizeCode(code);
  if (!/^\d*$/.test(normalized)) return accountsCopy.codeDigits;
  if (normalized.length !== 6) return accountsCopy.codeLength;
  return null;
}
