import { describe, expect, it } from 'vitest';
import type { Evidence } from '../evidence/evidenceStore.js';
import { verifiedFieldsFrom } from './verifiedProfileFields.js';

const passport: Evidence = {
  id: 'e1',
  check: 'Passport',
  outcome: 'passed',
  scores: { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 },
  provider: 'sandbox-documents',
  transactionId: 'tx',
  attributes: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
  createdAt: 0,
  expired: false,
};
const anna = { given_name: 'Anna', family_name: 'Smith', birthdate: '1985-02-17' };

describe('verifiedFieldsFrom: the profile fields a check verified', () => {
  it.each<[string, Evidence[], Record<string, unknown>, string[]]>([
    ['a passport of the same person', [passport], anna, ['given_name', 'family_name', 'birthdate']],
    [
      'case, spacing and accents aside',
      [passport],
      { given_name: ' ánna ', family_name: 'smith', birthdate: '1985-02-17' },
      ['given_name', 'family_name', 'birthdate'],
    ],
    [
      'a field edited since is no longer verified',
      [passport],
      { ...anna, family_name: 'Jones', birthdate: '1985-02-18' },
      ['given_name'],
    ],
    [
      'a check of names only verifies no birth date',
      [{ ...passport, check: 'OB', attributes: { given_name: 'ANNA', family_name: 'SMITH' } }],
      anna,
      ['given_name', 'family_name'],
    ],
    ['a failed check verifies nothing', [{ ...passport, outcome: 'failed' }], anna, []],
    ['an expired check verifies nothing', [{ ...passport, expired: true }], anna, []],
    ['a check of no details verifies nothing', [{ ...passport, attributes: null }], anna, []],
    ['no profile yet', [passport], {}, []],
  ])('%s', (_case, evidence, profile, verified) => {
    expect(verifiedFieldsFrom(evidence, profile)).toEqual(verified);
  });
});
