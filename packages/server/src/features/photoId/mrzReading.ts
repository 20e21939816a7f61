import { parse } from 'mrz';
import { correctTd3, td3ChecksHold } from './mrzCorrection.js';
import type { DocumentReading, Reading } from './photoId.js';

/**
 * A YYMMDD date of the MRZ as ISO. Births are in the past: the latest century that does not
 * put one after today. Expiry dates fall within 50 years either side of today (a passport is
 * valid for at most 10, and an expired one may be shown).
 */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string {
  const yy = Number(yymmdd.slice(0, 2));
  const rest = `-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  if (kind === 'birth') {
    const iso = `${century + yy}${rest}`;
    return iso <= today ? iso : `${century - 100 + yy}${rest}`;
  }
  const year = century + yy;
  const candidates = [year - 100, year, year + 100];
  const nearest = candidates.find((y) => Math.abs(y - thisYear) <= 50) ?? year;
  return `${nearest}${rest}`;
}

/**
 * A passport's reading from the two MRZ lines as OCR gave them: corrected (mrzCorrection.ts),
 * then parsed and validated by `mrz` (check digits, state codes, dates, sex). Anything that
 * still fails is mrz_unreadable: a photo cannot tell a misread from a forgery, so the user is
 * asked for a better photo rather than told the document is false.
 */
export function passportFromMrz(
  line1: string,
  line2: string,
  today: string,
): Reading<DocumentReading> {
  const [first, second] = correctTd3(line1, line2);
  if (!first.startsWith('P') || !td3ChecksHold(second)) {
    return { ok: false, problem: 'mrz_unreadable' };
  }
  let result: ReturnType<typeof parse>;
  try {
    result = parse([first, second]);
  } catch {
    return { ok: false, problem: 'mrz_unreadable' };
  }
  const { fields } = result;
  if (result.format !== 'TD3' || !result.valid) return { ok: false, problem: 'mrz_unreadable' };
  const { documentNumber, lastName, firstName, birthDate, expirationDate, issuingState } = fields;
  if (!documentNumber || !lastName || !birthDate || !expirationDate || !issuingState) {
    return { ok: false, problem: 'mrz_unreadable' };
  }
  return {
    ok: true,
    value: {
      kind: 'passport',
      number: documentNumber,
      surname: lastName,
      givenNames: firstName ?? '',
      birthDate: mrzDate(birthDate, 'birth', today),
      expiryDate: mrzDate(expirationDate, 'expiry', today),
      issueDate: null,
      issuingCountry: issuingState,
      consistent: true,
    },
  };
}
