import { describe, expect, it } from 'vitest';
import { formatSortCode, normaliseUkAccount, passesModulusCheck } from './ukAccount.js';

describe('normaliseUkAccount', () => {
  it.each([
    ['08-99-99', '66374958', { sortCode: '089999', accountNumber: '66374958' }],
    ['08 99 99', '6637 4958', { sortCode: '089999', accountNumber: '66374958' }],
    ['089999', '2355688', { sortCode: '089999', accountNumber: '02355688' }],
    ['0899', '66374958', null],
    ['08-99-9X', '66374958', null],
    ['089999', '663749', null],
    ['089999', '6637495812', null],
    ['', '', null],
  ])('%j and %j give %j', (sortCode, number, expected) => {
    expect(normaliseUkAccount(sortCode, number)).toEqual(expected);
  });
});

describe('passesModulusCheck (VocaLink test cases)', () => {
  it.each([
    ['089999', '66374958', true], // standard modulus 10
    ['107999', '88837491', true], // standard modulus 11
    ['202959', '63748472', true], // standard double alternate
    ['871427', '46238510', true], // exception 10 and 11
    ['309070', '02355688', true], // exception 2 and 9
    ['938063', '15764273', false], // exception 5, first check fails
    ['089999', '66374959', false], // one digit off
    ['107999', '88837493', false],
  ])('%s %s: %s', (sortCode, accountNumber, valid) => {
    expect(passesModulusCheck({ sortCode, accountNumber })).toBe(valid);
  });
});

describe('formatSortCode', () => {
  it('puts the dashes in', () => expect(formatSortCode('089999')).toBe('08-99-99'));
});
