import { describe, expect, it } from 'vitest';
import { isPin, pinLengthOf, pinScalar } from './pin.js';

describe('pinLengthOf: 4 to 6, anything else 4', () => {
  it.each([
    [4, 4],
    [5, 5],
    [6, 6],
    [3, 4],
    [7, 4],
    [0, 4],
    [4.5, 4],
    ['6', 4],
    [undefined, 4],
    [null, 4],
  ])('%j → %i', (configured, expected) => {
    expect(pinLengthOf(configured)).toBe(expected);
  });
});

describe('isPin', () => {
  it.each([
    ['0000', true],
    ['1234', true],
    ['12345', true],
    ['000000', true],
    ['123', false],
    ['1234567', false],
    ['12a4', false],
    [' 1234', false],
    ['1234\n', false],
    ['١٢٣٤', false], // Arabic-Indic digits are not ASCII digits
    [1234, false],
  ])('%j → %s', (pin, expected) => {
    expect(isPin(pin)).toBe(expected);
  });
});

describe('pinScalar', () => {
  it('is deterministic', () => {
    expect(pinScalar('0420')).toBe(pinScalar('0420'));
  });

  it('counts every digit, its length and its leading zeros', () => {
    const pins = ['0000', '00000', '000000', '0123', '00123', '1230', '4096', '04096', '004096'];
    const scalars = new Set(pins.map(pinScalar));
    expect(scalars.size).toBe(pins.length);
  });

  it('refuses what is not a PIN', () => {
    expect(() => pinScalar('123')).toThrow(/4 to 6 digits/);
    expect(() => pinScalar('abcd')).toThrow(/4 to 6 digits/);
  });
});
