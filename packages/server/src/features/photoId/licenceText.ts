/**
 * The fields of a UK photocard driving licence's front from its OCR text. The card numbers
 * its fields (EU model): 1 surname, 2 given names, 3 date and place of birth, 4a issue,
 * 4b expiry, 4c authority, 5 driver number (then the card's issue number), 8 address.
 * OCR reads the numbers with their look-alikes (1 as l or I, 5 as S), so each label accepts
 * them; dates are DD.MM.YYYY, with OCR's ',' for '.'.
 */
import { licenceAgrees, normaliseLicenceNumber, parseIsoDate } from '@verity/contracts';
import type { DocumentReading } from './photoId.js';
import { asDigit, asLetter } from './ocrLookAlikes.js';

const date = String.raw`(\d{2})[.,](\d{2})[.,](\d{4})`;
/** A field's number at the start of a line, after at most one stray mark (the portrait's edge read as a letter). */
const label = (number: string) => new RegExp(String.raw`^(?:\S{1,2}\s+)?${number}[.,]\s*`);
const labelled = {
  surname: new RegExp(`${label('[1lI|]').source}(.+)$`),
  givenNames: new RegExp(`${label('[2Z]').source}(.+)$`),
  birth: new RegExp(`${label('3').source}${date}`),
  issue: new RegExp(String.raw`4a[.,]?\s+${date}`),
  expiry: new RegExp(String.raw`4b[.,]?\s+${date}`),
  number: new RegExp(`${label('[5S]').source}([A-Z0-9 ]{16,20})`),
};

/** DD, MM, YYYY as ISO, or null when it is no calendar date. */
function isoDate(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return parseIsoDate(iso) ? iso : null;
}

/**
 * The driver number's 16 characters corrected by position: the surname code (letters, 9 as
 * padding), six birth digits, two initials (letters or 9), a digit, two check characters.
 */
export function correctDriverNumber(raw: string): string | null {
  const value = normaliseLicenceNumber(raw).slice(0, 16);
  if (value.length !== 16) return null;
  return [...value]
    .map((c, i) => {
      if (i < 5 || i === 11 || i === 12) return c === '9' ? c : (asLetter[c] ?? c);
      if (i < 11 || i === 13) return asDigit[c] ?? c;
      return c;
    })
    .join('');
}

const name = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z' -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The licence's reading, or null when the numbered fields 1, 2, 3, 4b and 5 are not all there. */
export function licenceFromText(lines: string[]): DocumentReading | null {
  const find = (pattern: RegExp) => {
    for (const line of lines) {
      const match = pattern.exec(line.trim());
      if (match) return match;
    }
    return null;
  };
  const surname = name(find(labelled.surname)?.[1] ?? '');
  const givenNames = name(find(labelled.givenNames)?.[1] ?? '');
  const birthDate = isoDate(find(labelled.birth));
  const expiryDate = isoDate(find(labelled.expiry));
  const number = correctDriverNumber(find(labelled.number)?.[1] ?? '');
  if (!surname || !givenNames || !birthDate || !expiryDate || !number) return null;
  return {
    kind: 'drivingLicence',
    number,
    surname,
    givenNames,
    birthDate,
    expiryDate,
    issueDate: isoDate(find(labelled.issue)),
    issuingCountry: 'GBR',
    consistent: licenceAgrees(number, surname, givenNames, birthDate),
  };
}
