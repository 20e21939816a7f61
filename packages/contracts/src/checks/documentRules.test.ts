import { describe, expect, it } from 'vitest';
import {
  birthDateError,
  documentMessages as m,
  givenNamesError,
  monthsBefore,
  normaliseName,
  passportExpiryError,
  passportFormErrors,
  passportNumberError,
  surnameError,
} from './documentRules.js';

const today = '2026-11-23';

describe('passport number', () => {
  it.each([
    ['', m.passportNumberRequired],
    ['   ', m.passportNumberRequired],
    ['1', null],
    ['123456789', null],
    [' 533401372 ', null],
    ['1234567890', m.passportNumberInvalid],
    ['0', m.passportNumberInvalid],
    ['000000000', m.passportNumberInvalid],
    ['912345678', m.passportNumberInvalid],
    ['91234567', null],
    ['12A456', m.passportNumberInvalid],
    ['-12345', m.passportNumberInvalid],
    ['１２３', m.passportNumberInvalid],
  ])('%j gives %j', (value, expected) => {
    expect(passportNumberError(value)).toBe(expected);
  });
});

describe('names', () => {
  it.each([
    ['', m.surnameRequired],
    ['Smith', null],
    ["O'Brien-Jones", null],
    ['St. John', null],
    ['Müller', null],
    ['-Smith', m.surnameInvalid],
    ['Sm1th', m.surnameInvalid],
    ['Smith<script>', m.surnameInvalid],
    ['S'.repeat(100), null],
    ['S'.repeat(101), m.surnameTooLong],
    [`${'S'.repeat(101)}!`, m.surnameTooLong],
  ])('surname %j gives %j', (value, expected) => {
    expect(surnameError(value)).toBe(expected);
  });

  it.each([
    ['', m.givenRequired],
    ['Anna Maria', null],
    ['4nna', m.givenInvalid],
    ['Anna '.repeat(25), m.givenTooLong],
  ])('given names %j give %j', (value, expected) => {
    expect(givenNamesError(value)).toBe(expected);
  });

  it('upper-cases and tidies names', () => {
    expect(normaliseName('  anna   maria ')).toBe('ANNA MARIA');
  });
});

describe('dates', () => {
  it.each([
    ['', m.dobRequired],
    ['1899-12-31', m.dobTooEarly],
    ['1900-01-01', null],
    ['1985-02-30', m.dateInvalid],
    ['2026-11-23', m.dobInFuture],
    ['2026-11-22', null],
  ])('date of birth %j gives %j', (value, expected) => {
    expect(birthDateError(value, today)).toBe(expected);
  });

  it.each([
    ['', m.passportExpiryRequired],
    ['2030-01-01', null],
    ['2026-05-23', null],
    ['2026-05-22', m.passportExpired],
    ['2020-01-01', m.passportExpired],
    ['2026-13-01', m.dateInvalid],
  ])('passport expiry %j gives %j', (value, expected) => {
    expect(passportExpiryError(value, today)).toBe(expected);
  });

  it.each([
    ['2026-11-23', 6, '2026-05-23'],
    ['2026-08-31', 6, '2026-02-28'],
    ['2024-08-31', 6, '2024-02-29'],
    ['2026-03-15', 6, '2025-09-15'],
  ])('%s minus %i months is %s', (date, months, expected) => {
    expect(monthsBefore(date, months)).toBe(expected);
  });
});

it('reports every field of the passport form at once', () => {
  expect(
    passportFormErrors({ number: '', surname: '1', given: '', dob: '', expiry: '' }, today),
  ).toEqual({
    number: m.passportNumberRequired,
    surname: m.surnameInvalid,
    given: m.givenRequired,
    dob: m.dobRequired,
    expiry: m.passportExpiryRequired,
  });
  expect(
    passportFormErrors(
      {
        number: '533401372',
        surname: 'Smith',
        given: 'Anna',
        dob: '1985-02-17',
        expiry: '2031-01-01',
      },
      today,
    ),
  ).toEqual({});
});
