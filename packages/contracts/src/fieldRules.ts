import type { FieldDefinition } from './fields.js';
import type { Translation } from './language.js';
import { emailPattern } from './api/accounts.js';

/** Messages of the dynamic form, worded as the spec has them (typos fixed, DESIGN.md). */
export const fieldMessages = {
  required: 'Required',
  invalid: 'This field is invalid',
  invalidEmail: 'Invalid e-mail',
  selectPlaceholder: 'Please select...',
  enterPostcode: 'Please enter your postcode',
  validPostcode: 'Please enter a valid postcode',
  findAndSelect: 'Please find and select your address',
  selectAddress: 'Please select your address',
  // Ours where the spec is silent: what is wrong with a date, and an address too long to keep.
  realDate: 'Please enter a real date',
  dateNotBefore: (title: string, date: string) => `${title} must be on or after ${date}`,
  dateNotAfter: (title: string, date: string) => `${title} must be on or before ${date}`,
  dateNotFuture: (title: string) => `${title} must be today or in the past`,
  dateNotPast: (title: string) => `${title} must be today or in the future`,
  addressTooLong: (max: number) => `Your address must be ${max} characters or fewer`,
} as const;

/** fieldMessages in a language: the same keys, functions of the same arguments. */
export type FieldMessages = Translation<typeof fieldMessages>;

/** The longest address text kept (the profile's address claim, typed or picked). */
export const addressTextMaxLength = 500;

/** UK postcodes (the Royal Mail pattern, with the space optional). */
const ukPostcode =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** Upper-cased, trimmed, one space before the inward code. */
export function normalisePostcode(raw: string): string {
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isValidPostcode(raw: string): boolean {
  return ukPostcode.test(normalisePostcode(raw));
}

/** The value of an address field (spec: postcode, uprn, text, picklist flag). */
export interface AddressValue {
  postcode: string;
  uprn: string;
  text: string;
  /** True when picked from the lookup, false when entered by hand. */
  picklist: boolean;
}

/** A real calendar date in yyyy-mm-dd, or null. */
export function parseIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : null;
}

/** Day, month and year parts as the form has them, joined to yyyy-mm-dd ('' when any is empty). */
export function joinDateParts(day: string, month: string, year: string): string {
  if (!day.trim() || !month.trim() || !year.trim()) return '';
  return `${year.trim().padStart(4, '0')}-${month.trim().padStart(2, '0')}-${day.trim().padStart(2, '0')}`;
}

/** min and max are yyyy-mm-dd dates, or 'today'. */
function bound(value: string | undefined, today: Date): Date | null {
  if (!value) return null;
  if (value !== 'today') return parseIsoDate(value);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
}

function isAddressValue(value: unknown): value is AddressValue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.postcode === 'string' &&
    typeof v.uprn === 'string' &&
    typeof v.text === 'string' &&
    typeof v.picklist === 'boolean'
  );
}

/**
 * The one validation of a dynamic field, used by the SPA as the user types and by the server
 * on submit. Returns the message to show (of `messages`: fieldMessages in the screen's
 * language), or null when the value is acceptable.
 */
export function validateFieldValue(
  definition: FieldDefinition,
  value: unknown,
  today = new Date(),
  messages: FieldMessages = fieldMessages,
): string | null {
  if (definition.type === 'address') {
    if (!isAddressValue(value) || value.postcode.trim() === '') return messages.enterPostcode;
    if (!isValidPostcode(value.postcode)) return messages.validPostcode;
    if (value.text.trim() === '')
      return value.picklist ? messages.selectAddress : messages.findAndSelect;
    if (value.text.length > addressTextMaxLength)
      return messages.addressTooLong(addressTextMaxLength);
    return null; // address fields are excluded from the regex check
  }
  if (
    typeof value !== 'string' ||
    value.trim() === '' ||
    // The spec's placeholder sent as a value is no answer (the spec's English sentinel).
    value === fieldMessages.selectPlaceholder
  ) {
    return messages.required;
  }
  if (definition.type === 'email') return emailPattern.test(value) ? null : messages.invalidEmail;
  if (
    (definition.type === 'dropdown' ||
      definition.type === 'dropdown2' ||
      definition.type === 'radio' ||
      definition.type === 'radio2') &&
    definition.choices &&
    !definition.choices.includes(value)
  ) {
    return messages.invalid;
  }
  if (definition.type === 'date' || definition.type === 'date2') {
    const date = parseIsoDate(value);
    if (!date) return messages.realDate;
    const min = bound(definition.min, today);
    if (min && date < min)
      return definition.min === 'today'
        ? messages.dateNotPast(definition.title)
        : messages.dateNotBefore(definition.title, ukDate(min));
    const max = bound(definition.max, today);
    if (max && date > max)
      return definition.max === 'today'
        ? messages.dateNotFuture(definition.title)
        : messages.dateNotAfter(definition.title, ukDate(max));
  }
  for (const validator of definition.validators ?? []) {
    // A validator may say what it wants; without, the spec's generic message.
    if (!new RegExp(validator.regex).test(value)) return validator.message ?? messages.invalid;
  }
  return null;
}

/** dd/mm/yyyy, as the UK writes a date. */
function ukDate(date: Date): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** Radio layout (spec): button style when all choice text is under 30 characters; inline at 12 or fewer. */
export function radioLayout(choices: readonly string[]): { buttons: boolean; inline: boolean } {
  return { buttons: choices.join('').length < 30, inline: choices.length <= 12 };
}
