import type { Language } from '@verity/contracts';
import { verificationTexts } from '../../messages/verificationTexts.js';
import { currentPasses, type Evidence, type VerifiedDocument } from './evidenceStore.js';
import { verifiedClaims } from './verifiedClaims.js';
import { verifiedValuesOf } from './verifiedValues.js';

/** Verity is a UK service: days are said as a person in the UK reads them, in either language. */
const days: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }),
  cy: new Intl.DateTimeFormat('cy-GB', { dateStyle: 'long', timeZone: 'Europe/London' }),
};

/** A moment (ms since the epoch) as '25 November 2026' ('25 Tachwedd 2026'). */
export function dayOf(ms: number, language: Language = 'en'): string {
  return days[language].format(ms);
}

/** A birth date (yyyy-mm-dd) as '10 December 1985': a calendar day, no time zone. */
function birthDay(date: string, language: Language): string {
  return days[language].format(new Date(`${date}T12:00:00Z`));
}

/**
 * What a piece of evidence verified about the person (name, date of birth, both), or null: the
 * claims it verified (verifiedValues.ts), so a card's or bank's holder name, which binds the
 * check but verifies nothing, is never said to verify the name.
 */
export function verifiedFieldsOf(evidence: Evidence): 'name' | 'birthdate' | 'both' | null {
  const values = verifiedValuesOf(evidence);
  const name = Boolean(values.given_name || values.family_name);
  if (name && values.birthdate) return 'both';
  return name ? 'name' : values.birthdate ? 'birthdate' : null;
}

/**
 * What one piece of evidence showed, as a person reads it: 'Name and date of birth verified
 * from your passport', or for a check that confirms the person without giving their details,
 * 'Identity checked with your mobile phone contract'. Never the check's internal name.
 */
export function evidenceDescription(evidence: Evidence, language: Language = 'en'): string {
  const text = verificationTexts[language];
  const kind = text.evidence[evidence.check];
  const fields = verifiedFieldsOf(evidence);
  return fields ? text.verified[fields](kind) : text.checked(kind);
}

/** The description and its day: '... verified from your passport on 25 November 2026'. */
export function evidenceSentence(evidence: Evidence, language: Language = 'en'): string {
  return verificationTexts[language].on(
    evidenceDescription(evidence, language),
    dayOf(evidence.createdAt, language),
  );
}

/**
 * What consent shows for verified_claims: the values the client would receive, then what
 * verified them, by what kind of evidence and when (expired evidence left out), for example
 * 'ANNA SMITH, born 17 February 1985. Name and date of birth verified from your passport on
 * 25 November 2026. Identity checked with questions about your credit file on 25 November
 * 2026.' What no evidence verified is not mentioned.
 */
export function verifiedIdentitySummary(
  all: readonly Evidence[],
  language: Language = 'en',
): string {
  const text = verificationTexts[language];
  const sentences = [
    ...new Set(currentPasses(all).map((evidence) => evidenceSentence(evidence, language))),
  ];
  if (sentences.length === 0) return text.notVerified;
  const claims = (verifiedClaims(all, undefined)?.claims ?? {}) as Record<string, string>;
  const name = [claims.given_name, claims.family_name].filter(Boolean).join(' ');
  const born = claims.birthdate ? text.born(birthDay(claims.birthdate, language)) : '';
  const values = [name, born].filter(Boolean).join(', ');
  return [values, ...sentences].filter(Boolean).join('. ') + '.';
}

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
  language: Language = 'en',
): string {
  const text = verificationTexts[language];
  return currentPasses(all)
    .filter((evidence) => evidence.attributes?.document)
    .map((evidence) => {
      const document: VerifiedDocument = evidence.attributes!.document!;
      const number = numbers === 'full' ? document.number : maskDocumentNumber(document.number);
      const issuer = `${document.issuer.name} (${document.issuer.country})`;
      const issued = document.dateOfIssuance
        ? text.issuedOn(issuer, document.dateOfIssuance)
        : text.issued(issuer);
      return text.document(
        text.documentNames[document.type],
        number,
        issued,
        document.dateOfExpiry,
      );
    })
    .join('; ');
}
