import { describe, expect, it } from 'vitest';
import { correctDriverNumber, licenceFromText } from './licenceText.js';

describe('correctDriverNumber', () => {
  it.each([
    ['SMITH853145AM9AB', 'SMITH853145AM9AB'],
    ['SM1TH 8S3I4S AM9AB', 'SMITH853145AM9AB'],
    ['5MITH853145AM9AB 01', 'SMITH853145AM9AB'],
    ['MC999701015J99AB', 'MC999701015J99AB'],
    ['SMITH85314', null],
  ])('%s → %s', (raw, corrected) => {
    expect(correctDriverNumber(raw)).toBe(corrected);
  });
});

describe('licenceFromText', () => {
  const card = [
    'UK DRIVING LICENCE',
    '1. SMITH',
    '2. ANNA MARIA',
    '3. 14.03.1985 UNITED KINGDOM',
    '4a. 30.06.2021 4c. DVLA',
    '4b. 30.06.2031',
    '5. SMITH853145AM9AB 01',
    '8. 1 HIGH STREET, LONDON, SW1A 1AA',
  ];
  const reading = {
    kind: 'drivingLicence',
    number: 'SMITH853145AM9AB',
    surname: 'SMITH',
    givenNames: 'ANNA MARIA',
    birthDate: '1985-03-14',
    expiryDate: '2031-06-30',
    issueDate: '2021-06-30',
    issuingCountry: 'GBR',
    consistent: true,
  };

  it('reads the numbered fields', () => {
    expect(licenceFromText(card)).toEqual(reading);
  });

  it("accepts OCR's look-alike labels and commas", () => {
    const misread = [
      'l. SMITH',
      'Z, ANNA MARIA',
      '3, 14,03.1985 UNITED KINGDOM',
      '4a, 30.06.2021',
      '4b. 30,06.2031',
      'S. SM1TH853145AM9AB 01',
    ];
    expect(licenceFromText(misread)).toEqual(reading);
  });

  it.each([
    ['another surname', { 1: '1. JONES' }],
    ['another birth date', { 3: '3. 15.03.1985 UNITED KINGDOM' }],
    ['another first initial', { 2: '2. BELLA MARIA' }],
  ])('a driver number that does not encode %s is inconsistent', (_, changes) => {
    const lines = card.map((line, i) => (changes as Record<number, string>)[i] ?? line);
    expect(licenceFromText(lines)?.consistent).toBe(false);
  });

  it.each([
    ['field 5 missing', card.filter((line) => !line.startsWith('5.'))],
    ['field 1 missing', card.filter((line) => !line.startsWith('1.'))],
    ['an impossible birth date', card.map((line) => line.replace('14.03.1985', '31.02.1985'))],
    [
      'a passport page',
      ['P<GBRSMITH<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<', 'Surname/Nom (1)', 'SMITH'],
    ],
  ])('%s: not a licence', (_, lines) => {
    expect(licenceFromText(lines)).toBeNull();
  });
});
