import type { Language } from '@verity/contracts';
import { profileFieldTexts } from '../../messages/profileFields.js';
import { verificationTexts } from '../../messages/verificationTexts.js';
import { documentDetailsConsent, standardFields } from '../profile/requestedClaims.js';

/**
 * A claim's title as the consent screen shows it, in `language`; a client's own field keeps
 * the client's words. Only titles are translated: a PIN-signed consent signs the claims'
 * names (contracts' consentMessage), never their titles, so the signature is the same in
 * either language.
 */
export function claimTitle(
  claim: string,
  language: Language,
  custom: ReadonlyArray<{ name: string; title: string }>,
): string {
  const titles = verificationTexts[language].consentTitles;
  if (claim === 'email') return titles.email;
  if (claim === 'verified_claims') return titles.verifiedIdentity;
  if (claim === documentDetailsConsent) return titles.documentDetails;
  if (Object.hasOwn(standardFields, claim))
    return profileFieldTexts[language].titles[claim as keyof typeof standardFields];
  return custom.find((field) => field.name === claim)?.title ?? claim;
}
