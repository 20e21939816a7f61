import { describe, expect, it } from 'vitest';
import {
  licenceAgrees,
  licenceBirthCodes,
  licenceFormErrors,
  licenceMessages as m,
  licenceNumberError,
  licenceSurnameCode,
} from './licenceRules.js';

describe('the DVLA surname code', () => {
  it.each([
    ['Smith', 'SMITH'],
    ['Taylor', 'TAYLO'],
    ['Fox', 'FOX99'],
    ['Li', 'LI999'],
    ["O'Brien", 'OBRIE'],
    ['Smith-Jones', 'SMITH'],
    ['MacDonald', 'MCDON'],
    ['Mackenzie', 'MCKEN'],
    ['McDonald', 'MCDON'],
    ['Mace', 'MCE99'],
    ['de la Cruz', 'DELAC'],
  ])('%s is %s', (surname, code) => {
    expect(licenceSurnameCode(surname)).toBe(code);
  });
});

describe('the DVLA birth code', () => {
  it.each([
    ['1985-02-17', ['802175', '852175']],
    ['1979-09-30', ['709309', '759309']],
    ['2001-12-01', ['012011', '062011']],
  ])('%s is %j (male, female)', (dob, codes) => {
    expect(licenceBirthCodes(dob)).toEqual(codes);
  });
});

describe('licence number', () => {
  it.each([
    ['', 'Smith', 'Anna', '1985-02-17', m.numberRequired],
    ['SMITH852175A99AB', 'Smith', 'Anna', '1985-02-17', null],
    ['smith 852175 a99ab', 'Smith', 'Anna', '1985-02-17', null],
    ['SMITH802175A99AB', 'Smith', 'Anna', '1985-02-17', null], // the male month is a valid code too
    ['SMITH852175A99A', 'Smith', 'Anna', '1985-02-17', m.numberInvalid],
    ['SMITH852175A99ABC', 'Smith', 'Anna', '1985-02-17', m.numberInvalid],
    ['SMITH8X2175A99AB', 'Smith', 'Anna', '1985-02-17', m.numberInvalid],
    ['SMITH813175A99AB', 'Smith', 'Anna', '1985-02-17', m.numberInvalid], // month 13
    ['SMITH852325A99AB', 'Smith', 'Anna', '1985-02-17', m.numberInvalid], // day 32
    ['SMYTH852175A99AB', 'Smith', 'Anna', '1985-02-17', m.numberMismatch],
    ['SMITH852185A99AB', 'Smith', 'Anna', '1985-02-18', null],
    ['SMITH852175A99AB', 'Smith', 'Anna', '1985-02-18', m.numberMismatch],
    ['SMITH852175B99AB', 'Smith', 'Anna', '1985-02-17', m.numberMismatch],
    ['MCDON604058R99KL', 'MacDonald', 'Robert', '1968-04-05', null],
    ['MACDO604058R99KL', 'MacDonald', 'Robert', '1968-04-05', m.numberMismatch],
    ['SMITH852175A99AB', '', 'Anna', '1985-02-17', null], // judged once the surname is valid
  ])('%j for %s %s born %s gives %j', (number, surname, given, dob, expected) => {
    expect(licenceNumberError(number, surname, given, dob)).toBe(expected);
  });

  it('agrees when it encodes the person', () => {
    expect(licenceAgrees('TAYLO709309J99XY', 'Taylor', 'James', '1979-09-30')).toBe(true);
  });
});

describe('licence form', () => {
  const today = '2026-11-23';
  const valid = {
    surname: 'Smith',
    given: 'Anna',
    dob: '1985-02-17',
    issue: '2019-03-01',
    expiry: '2029-02-28',
    number: 'SMITH852175A99AB',
    postcode: 'CR2 6XH',
  };

  it('accepts a valid form', () => {
    expect(licenceFormErrors(valid, today)).toEqual({});
  });

  it.each<[Partial<typeof valid>, Record<string, string>]>([
    [{ issue: '' }, { issue: m.issueRequired }],
    [{ issue: '1899-12-31' }, { issue: m.issueTooEarly }],
    [{ issue: '2026-11-24' }, { issue: m.issueInFuture }],
    [{ expiry: '' }, { expiry: m.expiryRequired }],
    [{ expiry: '2026-11-22' }, { expiry: m.expired }],
    [{ expiry: '2026-11-23' }, {}],
    [{ postcode: '' }, { postcode: m.postcodeRequired }],
    [{ postcode: 'NOT A CODE' }, { postcode: m.postcodeInvalid }],
    [{ given: '' }, { given: 'Given names are required' }],
  ])('%j gives %j', (change, expected) => {
    expect(licenceFormErrors({ ...valid, ...change }, today)).toEqual(expected);
  });
});
