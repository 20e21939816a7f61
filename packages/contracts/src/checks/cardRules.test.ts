import { describe, expect, it } from 'vitest';
import {
  cardExpiryError,
  cardMessages as m,
  cardNameError,
  cardNumberError,
  groupCardNumber,
  luhnValid,
  previewBrand,
} from './cardRules.js';

describe('Luhn', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['5555555555554444', true],
    ['5200828282828210', true],
    ['4000056655665556', true],
    ['79927398713', true],
    ['79927398710', false],
    ['', false],
    ['4111-1111', false],
  ])('%s: %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });
});

describe('grouping', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111-1111 1111-1111', '4111 1111 1111 1111'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822', '3782 822'],
    ['34', '34'],
    ['41111', '4111 1'],
    ['', ''],
  ])('%j shows as %j', (value, shown) => {
    expect(groupCardNumber(value)).toBe(shown);
  });
});

describe('card number', () => {
  it.each([
    ['', m.numberRequired],
    ['4111 1111 1111 1111', null],
    ['4111-1111-1111-1111', null],
    ['378282246310005', null], // 15 digits, 17 characters as shown
    ['4111 1111 1111 111x', m.numberInvalid],
    ['4111 1111 1111 1112', m.numberInvalid],
    ['4111 1111 1111', m.numberTooShort],
    ['41111111111111111111', m.numberInvalid],
  ])('%j gives %j', (value, expected) => {
    expect(cardNumberError(value)).toBe(expected);
  });
});

describe('name and expiry', () => {
  it.each([
    ['', m.nameRequired],
    ['Anna Smith', null],
    ['Mr. A Smith', null],
    ['Anna 5mith', m.nameInvalid],
  ])('name %j gives %j', (value, expected) => {
    expect(cardNameError(value)).toBe(expected);
  });

  it.each([
    ['', m.expiryRequired],
    ['12/30', null],
    ['11/26', null],
    ['10/26', m.expired],
    ['13/30', m.expiryInvalid],
    ['00/30', m.expiryInvalid],
    ['1/30', m.expiryInvalid],
    ['12/2030', m.expiryInvalid],
  ])('expiry %j gives %j', (value, expected) => {
    expect(cardExpiryError(value, '2026-11-23')).toBe(expected);
  });

  it.each([
    ['4111', 'Visa'],
    ['5555', 'Mastercard'],
    ['2221', 'Mastercard'],
    ['3782', 'American Express'],
    ['6011', null],
  ])('%s looks like %s', (value, brand) => {
    expect(previewBrand(value)).toBe(brand);
  });
});
