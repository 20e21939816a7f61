import type { Language, SecondFactorMethod, Translation } from '@verity/contracts';

/** How a set-up second factor is named on screens (GET /api/secondfactor). */
const english = {
  authenticator: 'Authenticator app',
  /** A phone's name shows only its last three digits. */
  mobileEnding: (digits: string) => `Mobile ending ${digits}`,
  phoneEnding: (digits: string) => `Phone ending ${digits}`,
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  authenticator: 'Ap dilysu',
  mobileEnding: (digits) => `Ffôn symudol yn gorffen â ${digits}`,
  phoneEnding: (digits) => `Ffôn yn gorffen â ${digits}`,
};

export const secondFactorNames: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/**
 * A second factor's name in `language`. The name is stored as it was made (in English, from
 * the method and the number's last digits) so it is told again from those; a security key
 * keeps the name its owner gave it.
 */
export function secondFactorName(
  method: SecondFactorMethod,
  stored: string,
  language: Language,
): string {
  const text = secondFactorNames[language];
  if (method === 'Authenticator') return text.authenticator;
  const digits = /(\d{3})$/.exec(stored)?.[1];
  if (digits === undefined || method === 'WebAuthn') return stored;
  return method === 'Sms' ? text.mobileEnding(digits) : text.phoneEnding(digits);
}
