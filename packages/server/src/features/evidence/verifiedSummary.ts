import type { AppContext } from '../../context.js';
import { currentPasses, type Evidence, type VerifiedDocument } from './evidenceStore.js';

export const verifiedIdentityTitle = 'Verified identity';
export const documentDetailsTitle = 'Document details';

/**
 * What consent shows for verified_claims: the verified name and date of birth and the checks
 * behind them (expired ones left out) (for example 'ANNA SMITH, born 1985-02-17 (Passport, KBVL1)').
 */
export async function verifiedIdentitySummary(ctx: AppContext, userId: string): Promise<string> {
  const passed = currentPasses(await ctx.evidence.forUser(userId));
  const identity = passed.find((e) => e.attributes?.family_name)?.attributes;
  const checks = [...new Set(passed.map((e) => e.check))].join(', ');
  if (!identity) return checks ? `Checks passed: ${checks}` : 'Not verified yet';
  return `${identity.given_name ?? ''} ${identity.family_name}, born ${identity.birthdate ?? 'unknown'} (${checks})`.trim();
}

const documentNames: Record<VerifiedDocument['type'], string> = {
  passport: 'Passport',
  driving_permit: 'Driving licence',
};

/** Characters of a document number shown when it is masked, as banks show an account's. */
export const MASKED_NUMBER_SHOWS = 4;

/** '533401372' as '•••••1372': the last four characters, and at least three hidden. */
export function maskDocumentNumber(number: string): string {
  const shown = Math.min(MASKED_NUMBER_SHOWS, Math.max(0, number.length - 3));
  return `${'•'.repeat(number.length - shown)}${number.slice(number.length - shown)}`;
}

/**
 * What consent shows when the request asks for document_details: every document that
 * verified_claims would carry, with what is released of it (type, number, issuer, dates), for
 * example 'Passport 533401372, issued by HM Passport Office (GB), expires 2031-04-30'; with
 * `numbers: 'masked'` the number shows its last characters only ('Passport •••••1372').
 * Empty when no passed check that still counts examined a document.
 */
export function documentDetailsSummary(
  all: readonly Evidence[],
  numbers: 'full' | 'masked' = 'full',
): string {
  return currentPasses(all)
    .filter((evidence) => evidence.attributes?.document)
    .map((evidence) => {
      const document = evidence.attributes!.document!;
      const issued = document.dateOfIssuance ? ` on ${document.dateOfIssuance}` : '';
      const number = numbers === 'full' ? document.number : maskDocumentNumber(document.number);
      return `${documentNames[document.type]} ${number}, issued by ${document.issuer.name} (${document.issuer.country})${issued}, expires ${document.dateOfExpiry}`;
    })
    .join('; ');
}
