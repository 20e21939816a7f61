/** The card form (spec: number, name, expiry). Expiry is MM/YY. */
export interface CardForm {
  number: string;
  name: string;
  expiry: string;
}

export const cardMessages = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  numberTooShort: 'Card number is too short',
  nameRequired: 'Card name is required',
  nameInvalid: 'Card name is invalid',
  expiryRequired: 'Expiry is required',
  expiryInvalid: 'Expiry is invalid',
  expired: 'This card has expired',
} as const;

/** The spec's minimum: 16 characters as the number is shown (grouped). */
export const cardNumberMinLength = 16;

const namePattern = /^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ .'-]{0,99}$/;

/** The digits of a card number as typed (spaces and hyphens dropped). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** American Express numbers start 34 or 37. */
export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** Grouped for display: 4-6-5 for American Express, otherwise groups of 4. */
export function groupCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '');
  if (isAmex(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}

/** The Luhn (mod 10) checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardNumberError(value: string): string | null {
  if (value.trim() === '') return cardMessages.numberRequired;
  if (!/^[\d\s-]+$/.test(value)) return cardMessages.numberInvalid;
  const digits = cardDigits(value);
  if (groupCardNumber(digits).length < cardNumberMinLength) return cardMessages.numberTooShort;
  if (digits.length > 19 || !luhnValid(digits)) return cardMessages.numberInvalid;
  return null;
}

export function cardNameError(value: string): string | null {
  if (value.trim() === '') return cardMessages.nameRequired;
  return namePattern.test(value.trim()) ? null : cardMessages.nameInvalid;
}

/** MM/YY; a card is valid to the end of its expiry month. `today` is yyyy-mm-dd. */
export function cardExpiryError(value: string, today: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return cardMessages.expiryRequired;
  const match = /^(\d\d)\/(\d\d)$/.exec(trimmed);
  if (!match) return cardMessages.expiryInvalid;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return cardMessages.expiryInvalid;
  const expiry = `20${match[2]}-${match[1]}`;
  return expiry >= today.slice(0, 7) ? null : cardMessages.expired;
}

export function cardFormErrors(
  form: CardForm,
  today: string,
): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const checks: Array<[keyof CardForm, string | null]> = [
    ['number', cardNumberError(form.number)],
    ['name', cardNameError(form.name)],
    ['expiry', cardExpiryError(form.expiry, today)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

/** The brand a number looks like, for the live preview only (the card provider decides). */
export function previewBrand(value: string): 'Visa' | 'Mastercard' | 'American Express' | null {
  const digits = cardDigits(value);
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (isAmex(digits)) return 'American Express';
  return null;
}
