import { describe, expect, it } from 'vitest';
import type { VerifiedAttributes, VerifiedDocument } from './evidenceStore.js';
import { documentAccepted, evidenceCurrent } from './validity.js';

const issuer = { name: 'HM Passport Office', country: 'GB' };
const passport = (dateOfExpiry: string): VerifiedDocument => ({
  type: 'passport',
  number: '533401372',
  dateOfExpiry,
  issuer,
});
const licence = (dateOfExpiry: string): VerifiedDocument => ({
  type: 'driving_permit',
  number: 'SMITH852175A99AB',
  dateOfExpiry,
  issuer: { name: 'Driver and Vehicle Licensing Agency', country: 'GB' },
});

describe('documentAccepted: a document counts while a fresh check would accept it', () => {
  it.each<[string, VerifiedDocument, string, boolean]>([
    ['a passport before its expiry', passport('2031-04-30'), '2026-11-23', true],
    ['a passport on its expiry date', passport('2026-11-23'), '2026-11-23', true],
    ['a passport 6 months past expiry, to the day', passport('2026-05-23'), '2026-11-23', true],
    ['a passport a day beyond the 6 months', passport('2026-05-22'), '2026-11-23', false],
    ['a passport long expired', passport('2020-01-01'), '2026-11-23', false],
    // Month ends clamp: 6 months before 31 August is 28 February.
    ['a passport of 28 Feb on 31 Aug', passport('2026-02-28'), '2026-08-31', true],
    ['a passport of 27 Feb on 31 Aug', passport('2026-02-27'), '2026-08-31', false],
    ['a licence on its expiry date', licence('2026-11-23'), '2026-11-23', true],
    ['a licence the day after its expiry', licence('2026-11-22'), '2026-11-23', false],
  ])('%s', (_case, document, today, accepted) => {
    expect(documentAccepted(document, today)).toBe(accepted);
  });
});

describe('evidenceCurrent: younger than the maximum age and its document still acceptable', () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const withDocument = (document: VerifiedDocument): VerifiedAttributes => ({
    family_name: 'SMITH',
    document,
  });
  const card: VerifiedAttributes = { card: { brand: 'Visa', type: 'credit', last4: '1111' } };

  it.each<[string, number, VerifiedAttributes | null, number, boolean]>([
    ['a card check of today', now, card, 365, true],
    ['a card check a day short of the maximum age', now - 364 * day, card, 365, true],
    ['a card check exactly the maximum age old', now - 365 * day, card, 365, false],
    ['a check with no attributes (KBV, declined) past the age', now - 400 * day, null, 365, false],
    ['a shorter configured age', now - 31 * day, null, 30, false],
    [
      'a recent passport check of a valid passport',
      now - day,
      withDocument(passport('2031-04-30')),
      365,
      true,
    ],
    [
      'a recent passport check of a passport now beyond its grace',
      now - 30 * day,
      withDocument(passport('2026-05-01')),
      365,
      false,
    ],
    [
      'an old check of a valid passport',
      now - 366 * day,
      withDocument(passport('2031-04-30')),
      365,
      false,
    ],
    [
      'a licence check, the licence expired yesterday',
      now - day,
      withDocument(licence('2026-11-22')),
      365,
      false,
    ],
  ])('%s', (_case, createdAt, attributes, maxAgeDays, current) => {
    expect(evidenceCurrent({ createdAt, attributes }, now, maxAgeDays)).toBe(current);
  });
});
