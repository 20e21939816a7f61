import { photoMaxBytes } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { documentPhotoFinding, documentRefusal, profileCapture } from './documentPhoto.js';
import { maxImageBytes } from './images.js';
import type { DocumentReading } from './photoId.js';

const passport: DocumentReading = {
  kind: 'passport',
  number: '533401372',
  surname: 'SMITH',
  givenNames: 'ANNA',
  birthDate: '1985-02-17',
  expiryDate: '2031-04-30',
  issueDate: null,
  issuingCountry: 'GBR',
  consistent: true,
};
const licence: DocumentReading = {
  ...passport,
  kind: 'drivingLicence',
  number: 'SMITH852175A99AB',
  issueDate: '2021-05-01',
};

describe('documentRefusal', () => {
  it.each([
    ['a current passport', passport, '2026-01-01', null],
    ['a passport 6 months past expiry (the grace)', passport, '2031-10-30', null],
    ['a passport beyond the grace', passport, '2031-11-01', 'photo_document_expired'],
    ['a licence on its expiry date', licence, '2031-04-30', null],
    ['a licence a day after', licence, '2031-05-01', 'photo_document_expired'],
    [
      'a French passport',
      { ...passport, issuingCountry: 'FRA' },
      '2026-01-01',
      'photo_document_not_accepted',
    ],
    [
      'details that disagree',
      { ...licence, consistent: false },
      '2026-01-01',
      'photo_details_inconsistent',
    ],
  ] as const)('%s', (_name, reading, today, refusal) => {
    expect(documentRefusal(reading, today)).toBe(refusal);
  });
});

describe('documentPhotoFinding', () => {
  it('names the holder for the matcher and says what the document verified', () => {
    const scores = { strength: 3, validity: 2, activity: 1, fraud: 0, verification: 0 };
    expect(documentPhotoFinding(licence, scores, 'tx')).toEqual({
      found: true,
      person: {
        kind: 'document',
        name: { givenNames: 'ANNA', familyName: 'SMITH' },
        birthDate: '1985-02-17',
      },
      transactionId: 'tx',
      scores,
      attributes: {
        given_name: 'ANNA',
        family_name: 'SMITH',
        birthdate: '1985-02-17',
        document: {
          type: 'driving_permit',
          number: 'SMITH852175A99AB',
          dateOfExpiry: '2031-04-30',
          dateOfIssuance: '2021-05-01',
          issuer: { name: 'Driver and Vehicle Licensing Agency', country: 'GB' },
        },
      },
    });
  });
});

describe('the photo size limit', () => {
  it('is the same on the screens (contracts) and in the pipeline, 10 MB', () => {
    expect(photoMaxBytes).toBe(maxImageBytes);
    expect(maxImageBytes).toBe(10 * 1024 * 1024);
  });
});

describe('profileCapture', () => {
  const names = { given_name: 'ANNA', family_name: 'SMITH' };
  it.each([
    ['an empty profile takes names and birth date', {}, { ...names, birthdate: '1985-02-17' }],
    [
      'blank names are empty',
      { given_name: ' ', family_name: '' },
      { ...names, birthdate: '1985-02-17' },
    ],
    ['a birth date given stays', { birthdate: '1990-01-01' }, names],
    ['names given stay', { given_name: 'Anna', family_name: 'Smith' }, { birthdate: '1985-02-17' }],
    [
      'a full profile takes nothing',
      { given_name: 'Anna', family_name: 'Smith', birthdate: '1985-02-17' },
      {},
    ],
  ])('%s', (_, profile, captured) => {
    expect(profileCapture(profile, passport)).toEqual(captured);
  });
});
