import { emailPattern } from '@verity/contracts';
import Mailcheck from 'mailcheck';

/** The spec's e-mail pattern check, on the address as it will be sent (trimmed). */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 254 && emailPattern.test(trimmed);
}

/**
 * A did-you-mean suggestion for a mistyped domain (ada@gmial.com: ada@gmail.com), or
 * null when the address looks right or is not an address yet.
 */
export function emailSuggestion(email: string): string | null {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) return null;
  const suggestion = Mailcheck.run({ email: trimmed });
  if (!suggestion) return null;
  // Mailcheck lower-cases and URI-encodes; keep the user's own spelling of the address part.
  const address = trimmed.slice(0, trimmed.lastIndexOf('@'));
  const full = `${address}@${suggestion.domain}`;
  return full.toLowerCase() === trimmed.toLowerCase() ? null : full;
}
