import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './fields.js';
import {
  isValidPostcode,
  joinDateParts,
  normalisePostcode,
  parseIsoDate,
  radioLayout,
  validateFieldValue,
} from './fieldRules.js';

const text: FieldDefinition = { name: 'given_name', type: 'text', title: 'Given names' };
const withRegex: FieldDefinition = {
  ...text,
  validators: [{ type: 'regex', regex: '^[A-Za-z \\-]+$' }],
};
const dropdown: FieldDefinition = {
  name: 'title',
  type: 'dropdown',
  title: 'Title',
  choices: ['Mr', 'Ms', 'Dr'],
};
const email: FieldDefinition = { name: 'email', type: 'email', title: 'E-mail' };
const date: FieldDefinition = {
  name: 'birthdate',
  type: 'date',
  title: 'Date of birth',
  min: '1900-01-01',
  max: 'today',
};
const windowed: FieldDefinition = {
  name: 'appointment',
  type: 'date2',
  title: 'Appointment',
  min: 'today',
  max: '2030-12-31',
};
const phone: FieldDefinition = {
  name: 'phone_number',
  type: 'text',
  title: 'Phone number',
  validators: [
    { type: 'regex', regex: '^.{1,20}$', message: 'Too long' },
    { type: 'regex', regex: '^0[1-9][0-9 ]{8,12}$', message: 'Please enter a UK phone number' },
  ],
};
const address: FieldDefinition = {
  name: 'address',
  type: 'address',
  title: 'Address',
  validators: [{ type: 'regex', regex: '^never$' }],
};
const today = new Date(Date.UTC(2026, 10, 22));
const addr = (postcode: string, text: string, picklist = true) => ({
  postcode,
  uprn: picklist ? '100023336956' : '',
  text,
  picklist,
});

describe('validateFieldValue', () => {
  it.each<[string, FieldDefinition, unknown, string | null]>([
    ['empty text', text, '', 'Required'],
    ['blank text', text, '   ', 'Required'],
    ['missing text', text, undefined, 'Required'],
    ['a number for text', text, 42, 'Required'],
    ['text', text, 'Ada', null],
    ['regex passes', withRegex, 'Ada Lovelace-King', null],
    ['regex fails', withRegex, 'Ada1', 'This field is invalid'],
    ['placeholder', dropdown, 'Please select...', 'Required'],
    ['a listed choice', dropdown, 'Dr', null],
    ['an unlisted choice', dropdown, 'Lord', 'This field is invalid'],
    ['empty e-mail', email, '', 'Required'],
    ['bad e-mail', email, 'ada@', 'Invalid e-mail'],
    ['e-mail', email, 'ada@example.com', null],
    ['a real date', date, '1990-02-28', null],
    ['29 February in a leap year', date, '2000-02-29', null],
    ['29 February otherwise', date, '1999-02-29', 'Please enter a real date'],
    ['31 April', date, '1990-04-31', 'Please enter a real date'],
    ['before min', date, '1899-12-31', 'Date of birth must be on or after 01/01/1900'],
    ['after max (today)', date, '2026-11-23', 'Date of birth must be today or in the past'],
    ['after a fixed max', windowed, '2031-01-01', 'Appointment must be on or before 31/12/2030'],
    ['before min (today)', windowed, '2026-11-21', 'Appointment must be today or in the future'],
    ['min today, on the day', windowed, '2026-11-22', null],
    ['a validator with its own message', phone, '12345', 'Please enter a UK phone number'],
    ['the first failing validator speaks', phone, '0'.repeat(21), 'Too long'],
    ['a phone number', phone, '07700 900123', null],
    ['today', date, '2026-11-22', null],
    ['not a date', date, '28/02/1990', 'Please enter a real date'],
    ['address without a postcode', address, addr('', ''), 'Please enter your postcode'],
    ['address with a bad postcode', address, addr('XX1', ''), 'Please enter a valid postcode'],
    ['address found but not picked', address, addr('SW1A 1AA', ''), 'Please select your address'],
    [
      'address typed without text',
      address,
      addr('SW1A 1AA', '', false),
      'Please find and select your address',
    ],
    [
      'address picked (regex not applied)',
      address,
      addr('SW1A 1AA', 'Buckingham Palace, London'),
      null,
    ],
    ['address of the wrong shape', address, 'SW1A 1AA', 'Please enter your postcode'],
    ['address typed at the limit', address, addr('SW1A 1AA', 'a'.repeat(500), false), null],
    [
      'address typed too long',
      address,
      addr('SW1A 1AA', 'a'.repeat(501), false),
      'Your address must be 500 characters or fewer',
    ],
  ])('%s', (_name, definition, value, expected) => {
    expect(validateFieldValue(definition, value, today)).toBe(expected);
  });
});

describe('postcodes', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA', true],
    [' ec1a  1bb ', 'EC1A 1BB', true],
    ['M1 1AE', 'M1 1AE', true],
    ['B33 8TH', 'B33 8TH', true],
    ['CR2 6XH', 'CR2 6XH', true],
    ['DN55 1PT', 'DN55 1PT', true],
    ['GIR 0AA', 'GIR 0AA', true],
    ['QA1 1AA', 'QA1 1AA', false],
    ['12345', '12 345', false],
    ['', '', false],
  ])('%j → %j valid %s', (raw, normalised, valid) => {
    expect(normalisePostcode(raw)).toBe(normalised);
    expect(isValidPostcode(raw)).toBe(valid);
  });
});

describe('dates', () => {
  it.each([
    [['1', '2', '1990'], '1990-02-01'],
    [['31', '12', '1999'], '1999-12-31'],
    [['', '2', '1990'], ''],
  ])('joins %j to %j', ([d, m, y], expected) => expect(joinDateParts(d!, m!, y!)).toBe(expected));

  it('parses only real dates', () => {
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
  });
});

describe('radioLayout', () => {
  it.each([
    [['Yes', 'No'], { buttons: true, inline: true }],
    [['A much longer first choice', 'and a second'], { buttons: false, inline: true }],
    [Array.from({ length: 13 }, (_, i) => `Choice ${i}`), { buttons: false, inline: false }],
    [Array.from({ length: 12 }, (_, i) => String(i)), { buttons: true, inline: true }],
  ])('%j → %j', (choices, expected) => expect(radioLayout(choices)).toEqual(expected));
});
