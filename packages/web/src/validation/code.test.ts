import { describe, expect, it } from 'vitest';
import { isSixDigitCode, normalizeCode, resetCodeError } from './code';

describe('e-mail codes', () => {
  it.each<[string, boolean, string | null]>([
    ['123456', true, null],
    [' 123 456 ', true, null],
    ['000000', true, null],
    ['', false, 'The code should be 6 digits long'],
    ['12345', false, 'The code should be 6 digits long'],
    ['1234567', false, 'The code should be 6 digits long'],
    ['12345a', false, 'The code should be numbers only'],
    ['abc', false, 'The code should be numbers only'],
    ['１２３４５６', false, 'The code should be numbers only'],
  ])('%j: valid %s, error %j', (code, valid, error) => {
    expect(isSixDigitCode(code)).toBe(valid);
    expect(resetCodeError(code)).toBe(error);
  });

  it('drops spaces', () => {
    expect(normalizeCode(' 12 34\t56 ')).toBe('123456');
  });
});
