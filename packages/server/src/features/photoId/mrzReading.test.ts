import { describe, expect, it } from 'vitest';
import { mrzDate, passportFromMrz } from './mrzReading.js';

const today = '2026-11-28';

describe('mrzDate', () => {
  it.each<[string, 'birth' | 'expiry', string]>([
    ['850314', 'birth', '1985-03-14'],
    ['101231', 'birth', '2010-12-31'],
    ['261128', 'birth', '2026-11-28'],
    ['261129', 'birth', '1926-11-29'],
    ['310630', 'expiry', '2031-06-30'],
    ['190101', 'expiry', '2019-01-01'],
    ['990101', 'expiry', '1999-01-01'],
  ])('%s (%s) → %s', (value, kind, iso) => {
    expect(mrzDate(value, kind, today)).toBe(iso);
  });
});

describe('passportFromMrz', () => {
  const line1 = 'P<GBRSMITH<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<';
  const line2 = '1234567842GBR8503149F3106305<<<<<<<<<<<<<<02';

  it('reads the fields, names without filler, dates as ISO', () => {
    expect(passportFromMrz(line1, line2, today)).toEqual({
      ok: true,
      value: {
        kind: 'passport',
        number: '123456784',
        surname: 'SMITH',
        givenNames: 'ANNA MARIA',
        birthDate: '1985-03-14',
        expiryDate: '2031-06-30',
        issueDate: null,
        issuingCountry: 'GBR',
        consistent: true,
      },
    });
  });

  it('reads after correcting what OCR confused', () => {
    const read = passportFromMrz(
      'P<G8RSM1TH<<ANNA<MAR1A<<<<K<<<<',
      line2.replace('8503', '85O3'),
      today,
    );
    expect(read.ok && read.value).toMatchObject({
      surname: 'SMITH',
      givenNames: 'ANNA MARIA',
      birthDate: '1985-03-14',
    });
  });

  it.each([
    ['a check digit that fails', line1, line2.replace('8503149', '8503140')],
    ['an unknown issuing state', line1.replace('GBR', 'XXQ'), line2],
    ['not a passport (an ID card code)', line1.replace('P<', 'I<'), line2],
    ['text that is no MRZ', 'HELLO WORLD', 'NOTHING HERE'],
  ])('%s is mrz_unreadable', (_, first, second) => {
    expect(passportFromMrz(first, second, today)).toEqual({ ok: false, problem: 'mrz_unreadable' });
  });
});
