import { isValidPostcode, parseIsoDate } from '../fieldRules.js';
import {
  birthDateError,
  documentMessages,
  earliestDocumentDate,
  givenNamesError,
  surnameError,
} from './documentRules.js';

/** The driving licence form (spec: surname, given, dob, issue, expiry, number, postcode). */
export interface LicenceForm {
  surname: string;
  given: string;
  dob: string;
  issue: string;
  expiry: string;
  number: string;
  postcode: string;
}

export const licenceMessages = {
  issueRequired: 'Date of Issue is required',
  issueTooEarly: 'Date of Issue must be on or after 01/01/1900',
  issueInFuture: 'Date of Issue must not be in the future',
  expiryRequired: 'Date of Expiry is required',
  expired: 'Driving Licence must not have expired',
  numberRequired: 'Driving Licence number is required',
  numberInvalid: 'Driving Licence number is invalid',
  numberMismatch: 'Driving Licence number does not match your surname and date of birth',
  postcodeRequired: 'Postcode is required',
  postcodeInvalid: 'Postcode is invalid',
} as const;

/**
 * The 16 characters of a GB licence number: 5 of the surname (padded with 9), the decade,
 * the month (plus 50 for women), the day and the year digit of birth, two initials (9 when
 * there is one), an arbitrary digit and two check characters.
 */
const licencePattern =
  /^[A-Z9]{5}\d(?:[05][1-9]|[16][0-2])(?:0[1-9]|[12]\d|3[01])\d[A-Z9]{2}\d[A-Z0-9]{2}$/;

/** Upper-cased, without spaces. */
export function normaliseLicenceNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The licence's first five characters for a surname, as the DVLA encodes it: letters only,
 * MAC read as MC, padded with 9s.
 */
export function licenceSurnameCode(surname: string): string {
  let letters = surname.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters.startsWith('MAC')) letters = `MC${letters.slice(3)}`;
  return letters.slice(0, 5).padEnd(5, '9');
}

/**
 * Characters 6 to 11 for a date of birth (yyyy-mm-dd): decade, month, day, year digit. The
 * month of a woman's licence is 50 more; both forms are given.
 */
export function licenceBirthCodes(dob: string): [string, string] {
  const [year, month, day] = dob.split('-');
  const decade = year!.charAt(2);
  const digit = year!.charAt(3);
  const female = String(Number(month) + 50);
  return [`${decade}${month}${day}${digit}`, `${decade}${female}${day}${digit}`];
}

/** Whether a well-formed licence number encodes this surname, date of birth and first initial. */
export function licenceAgrees(
  number: string,
  surname: string,
  given: string,
  dob: string,
): boolean {
  if (number.slice(0, 5) !== licenceSurnameCode(surname)) return false;
  if (!licenceBirthCodes(dob).includes(number.slice(5, 11))) return false;
  const initial = given
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .charAt(0);
  return initial === '' || number.charAt(11) === initial;
}

export function licenceNumberError(
  value: string,
  surname: string,
  given: string,
  dob: string,
): string | null {
  const number = normaliseLicenceNumber(value);
  if (number === '') return licenceMessages.numberRequired;
  if (number.length !== 16 || !licencePattern.test(number)) return licenceMessages.numberInvalid;
  // Agreement is judged only once the other fields it depends on are valid.
  if (surnameError(surname) || givenNamesError(given) || !parseIsoDate(dob)) return null;
  return licenceAgrees(number, surname, given, dob) ? null : licenceMessages.numberMismatch;
}

function issueError(value: string, today: string): string | null {
  if (value.trim() === '') return licenceMessages.issueRequired;
  if (!parseIsoDate(value)) return documentMessages.dateInvalid;
  if (value < earliestDocumentDate) return licenceMessages.issueTooEarly;
  return value <= today ? null : licenceMessages.issueInFuture;
}

function expiryError(value: string, today: string): string | null {
  if (value.trim() === '') return licenceMessages.expiryRequired;
  if (!parseIsoDate(value)) return documentMessages.dateInvalid;
  return value >= today ? null : licenceMessages.expired;
}

function postcodeError(value: string): string | null {
  if (value.trim() === '') return licenceMessages.postcodeRequired;
  return isValidPostcode(value) ? null : licenceMessages.postcodeInvalid;
}

/** Every field's message, keyed by field; empty when the form may be sent. */
export function licenceFormErrors(
  form: LicenceForm,
  today: string,
): Partial<Record<keyof LicenceForm, string>> {
  const errors: Partial<Record<keyof LicenceForm, string>> = {};
  const checks: Array<[keyof LicenceForm, string | null]> = [
    ['surname', surnameError(form.surname)],
    ['given', givenNamesError(form.given)],
    ['dob', birthDateError(form.dob, today)],
    ['issue', issueError(form.issue, today)],
    ['expiry', expiryError(form.expiry, today)],
    ['number', licenceNumberError(form.number, form.surname, form.given, form.dob)],
    ['postcode', postcodeError(form.postcode)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
