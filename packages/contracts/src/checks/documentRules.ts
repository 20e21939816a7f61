import { fieldMessages, parseIsoDate } from '../fieldRules.js';

/**
 * The identity-document form rules of the spec (second document, section 5), shared by the
 * screens (as the user types) and the server (on submit). Each returns the message to show,
 * or null when the value is acceptable. 'today' is passed in so the rules are pure.
 */

/** A letter first, then letters, spaces, dots, hyphens and apostrophes. */
const namePattern = /^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ .'-]*$/;

/** The longest surname or given names the forms take (a passport's field is shorter). */
export const nameMaxLength = 100;

/** The earliest date of birth or issue the forms accept. */
export const earliestDocumentDate = '1900-01-01';

/** Months a passport may have expired and still be accepted (spec: grace 6 months). */
export const passportExpiryGraceMonths = 6;

export const documentMessages = {
  surnameRequired: 'Surname is required',
  surnameInvalid: 'Surname should not contain special characters',
  // The spec's 'Giver name is required' is a typo (DESIGN.md).
  givenRequired: 'Given names are required',
  givenInvalid: 'Given names should not contain special characters',
  // Ours: a name too long is not one with special characters.
  surnameTooLong: `Surname must be ${nameMaxLength} characters or fewer`,
  givenTooLong: `Given names must be ${nameMaxLength} characters or fewer`,
  dobRequired: 'Date of Birth is required',
  dobTooEarly: 'Date of Birth must be on or after 01/01/1900',
  dobInFuture: 'Date of Birth must be in the past',
  dateInvalid: fieldMessages.realDate,
  passportNumberRequired: 'Passport No. is required',
  passportNumberInvalid: 'Passport No. invalid',
  passportExpiryRequired: 'Expiry Date is required',
  passportExpired: 'Passport must not have expired more than 6 months ago',
} as const;

export function surnameError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return documentMessages.surnameRequired;
  if (trimmed.length > nameMaxLength) return documentMessages.surnameTooLong;
  return namePattern.test(trimmed) ? null : documentMessages.surnameInvalid;
}

export function givenNamesError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return documentMessages.givenRequired;
  if (trimmed.length > nameMaxLength) return documentMessages.givenTooLong;
  return namePattern.test(trimmed) ? null : documentMessages.givenInvalid;
}

/** Names are shown and compared upper-cased, with runs of spaces made one. */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Today as yyyy-mm-dd in UTC. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function birthDateError(value: string, today: string): string | null {
  if (value.trim() === '') return documentMessages.dobRequired;
  if (!parseIsoDate(value)) return documentMessages.dateInvalid;
  if (value < earliestDocumentDate) return documentMessages.dobTooEarly;
  return value < today ? null : documentMessages.dobInFuture;
}

/** 1 to 9 digits, not all zeros, and not starting with 9 when 9 long. */
export function passportNumberError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return documentMessages.passportNumberRequired;
  if (!/^\d{1,9}$/.test(trimmed)) return documentMessages.passportNumberInvalid;
  if (/^0+$/.test(trimmed)) return documentMessages.passportNumberInvalid;
  if (trimmed.length === 9 && trimmed.startsWith('9'))
    return documentMessages.passportNumberInvalid;
  return null;
}

/** The date `months` calendar months before `date` (yyyy-mm-dd), clamped to the month's end. */
export function monthsBefore(date: string, months: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`not a date: ${date}`);
  const year = parsed.getUTCFullYear();
  const month = parsed.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(parsed.getUTCDate(), lastDay)))
    .toISOString()
    .slice(0, 10);
}

/** Required; expired no more than six months before today. */
export function passportExpiryError(value: string, today: string): string | null {
  if (value.trim() === '') return documentMessages.passportExpiryRequired;
  if (!parseIsoDate(value)) return documentMessages.dateInvalid;
  return value >= monthsBefore(today, passportExpiryGraceMonths)
    ? null
    : documentMessages.passportExpired;
}

/** The passport form (spec: number, surname, given, dob, expiry). */
export interface PassportForm {
  number: string;
  surname: string;
  given: string;
  dob: string;
  expiry: string;
}

/** Every field's message, keyed by field; empty when the form may be sent. */
export function passportFormErrors(
  form: PassportForm,
  today: string,
): Partial<Record<keyof PassportForm, string>> {
  const errors: Partial<Record<keyof PassportForm, string>> = {};
  const checks: Array<[keyof PassportForm, string | null]> = [
    ['number', passportNumberError(form.number)],
    ['surname', surnameError(form.surname)],
    ['given', givenNamesError(form.given)],
    ['dob', birthDateError(form.dob, today)],
    ['expiry', passportExpiryError(form.expiry, today)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
