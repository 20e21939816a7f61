import { describe, expect, it } from 'vitest';
import type { Evidence } from './evidenceStore.js';
import { documentDetailsSummary, maskDocumentNumber } from './verifiedSummary.js';

const scores = { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 };
const base: Omit<Evidence, 'id' | 'check' | 'attributes'> = {
  outcome: 'passed',
  scores,
  provider: 'sandbox-documents',
  transactionId: 'tx',
  createdAt: 0,
  expired: false,
  bound: true,
};
const passport: Evidence = {
  ...base,
  id: 'e1',
  check: 'Passport',
  attributes: {
    family_name: 'SMITH',
    document: {
      type: 'passport',
      number: '533401372',
      dateOfExpiry: '2031-04-30',
      issuer: { name: 'HM Passport Office', country: 'GB' },
    },
  },
};
const licence: Evidence = {
  ...base,
  id: 'e2',
  check: 'DrivingLicence',
  attributes: {
    family_name: 'SMITH',
    document: {
      type: 'driving_permit',
      number: 'SMITH852175A99AB',
      dateOfIssuance: '2019-03-01',
      dateOfExpiry: '2029-02-28',
      issuer: { name: 'Driver and Vehicle Licensing Agency', country: 'GB' },
    },
  },
};
const card: Evidence = {
  ...base,
  id: 'e3',
  check: 'CreditCard',
  attributes: { card: { brand: 'Visa', type: 'credit', last4: '1111' } },
};
const failedPassport: Evidence = { ...passport, id: 'e4', outcome: 'failed' };

describe('documentDetailsSummary: what consent says of the documents shared', () => {
  it.each<[string, Evidence[], string]>([
    [
      'a passport (no issue date)',
      [passport],
      'Passport 533401372, issued by HM Passport Office (GB), expires 2031-04-30',
    ],
    [
      'a driving licence with its issue date',
      [licence],
      'Driving licence SMITH852175A99AB, issued by Driver and Vehicle Licensing Agency (GB) on 2019-03-01, expires 2029-02-28',
    ],
    [
      'every document, in the order of the evidence; checks of no document left out',
      [card, licence, passport],
      'Driving licence SMITH852175A99AB, issued by Driver and Vehicle Licensing Agency (GB) on 2019-03-01, expires 2029-02-28; Passport 533401372, issued by HM Passport Office (GB), expires 2031-04-30',
    ],
    ['a failed check shares nothing', [failedPassport], ''],
    ['an expired check shares nothing', [{ ...passport, expired: true }], ''],
    ['no checks', [], ''],
  ])('%s', (_case, evidence, shown) => {
    expect(documentDetailsSummary(evidence)).toBe(shown);
  });
});

describe('maskDocumentNumber', () => {
  it.each([
    ['533401372', '•••••1372'],
    ['SMITH852175A99AB', '••••••••••••99AB'],
    // Short numbers keep at least three characters hidden.
    ['12345', '•••45'],
    ['1234', '•••4'],
    ['abc', '•••'],
  ])('%s shows %s', (number, masked) => {
    expect(maskDocumentNumber(number)).toBe(masked);
  });
});
