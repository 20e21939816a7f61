import { describe, expect, it } from 'vitest';
import { checkDigit, correctTd3, td3ChecksHold } from './mrzCorrection.js';

// A British passport's MRZ (check digits by hand, and accepted by the `mrz` package below).
const line1 = 'P<GBRSMITH<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<';
const line2 = '1234567842GBR8503149F3106305<<<<<<<<<<<<<<02';
// ICAO 9303 part 4's specimen line 2, with GBR for its fictional state (not in any check).
const icao2 = 'L898902C36GBR7408122F1204159ZE184226B<<<<<10';

describe('checkDigit', () => {
  it.each([
    ['L898902C3', '6'],
    ['740812', '2'],
    ['120415', '9'],
    ['ZE184226B<<<<<', '1'],
    ['<<<<<<<<<<<<<<', '0'],
    ['123456784', '2'],
  ])('%s → %s', (value, digit) => {
    expect(checkDigit(value)).toBe(digit);
  });
});

describe('td3ChecksHold', () => {
  it.each([
    ['the specimen', line2, true],
    ["ICAO's specimen", icao2, true],
    ['a wrong birth check digit', line2.replace('8503149', '8503140'), false],
    ['a wrong composite', `${line2.slice(0, 43)}3`, false],
    [
      'an impossible birth date whose digits check',
      '1234567842GBR8513324F3106305<<<<<<<<<<<<<<02',
      false,
    ],
    ['43 characters', line2.slice(1), false],
  ])('%s', (_, line, holds) => {
    expect(td3ChecksHold(line)).toBe(holds);
  });
});

describe('correctTd3', () => {
  it.each<[string, string, string, [string, string]]>([
    ['read exactly', line1, line2, [line1, line2]],
    [
      'lower case and spaces',
      'p<gbrsmith<<anna<maria',
      `1234567842 GBR${line2.slice(13)}`,
      [line1, line2],
    ],
    [
      'letters in the dates (O, I)',
      line1,
      '1234567842GBR85O3I49F31O63O5<<<<<<<<<<<<<<02',
      [line1, line2],
    ],
    [
      'digits in the names and state (1, 8)',
      'P<G8RSM1TH<<ANNA<MAR1A',
      '1234567842G8R8503149F3106305<<<<<<<<<<<<<<02',
      [line1, line2],
    ],
    ["the composite's 0 read as B", line1, `${line2.slice(0, 42)}B2`, [line1, line2]],
    [
      'fillers lost',
      'P<GBRSMITH<<ANNA<MARIA<<<<<<<',
      '1234567842GBR8503149F3106305<<<<<<<<<<02',
      [line1, line2],
    ],
    [
      'fillers doubled',
      `${line1}<<<<`,
      '1234567842GBR8503149F3106305<<<<<<<<<<<<<<<<<02',
      [line1, line2],
    ],
    ['a filler read as K', 'P<GBRSMITH<<ANNA<MARIA<<<<<<K<<<<<<<<<<<<<<<<', line2, [line1, line2]],
    [
      "the document number's 0 read as O, settled by its check digit",
      line1,
      'L8989O2C36GBR7408122F1204159ZE184226B<<<<<10',
      [line1, icao2],
    ],
    [
      "an expiry's 3 read as 8: 810680 also checks, but is no date",
      line1,
      '1234567842GBR8503149F3106805<<<<<<<<<<<<<<02',
      [line1, line2],
    ],
  ])('%s', (_, first, second, expected) => {
    const corrected = correctTd3(first, second);
    expect(corrected).toEqual(expected);
    expect(td3ChecksHold(corrected[1])).toBe(true);
  });

  it.each([
    ['a wrong check digit is not made right', '1234567842GBR8503140F3106305<<<<<<<<<<<<<<02'],
    ['a lost last character is not guessed', '1234567842GBR8503149F3106305<<<<<<<<<<<<<<0'],
    [
      // Its 0 read as 6 (not a look-alike swap back): L698962C3 and L890962C3 both check,
      // and the composite, whose weights over the number are the number's own, cannot choose.
      'a document number misread digit for digit, two swaps checking, is left',
      'L898962C36GBR7408122F1204159ZE184226B<<<<<10',
    ],
  ])('%s', (_, second) => {
    expect(td3ChecksHold(correctTd3(line1, second)[1])).toBe(false);
  });
});
