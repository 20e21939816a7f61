import { describe, expect, it } from 'vitest';
import type { Evidence } from './evidenceStore.js';
import {
  documentDetailsSummary,
  evidenceSentence,
  maskDocumentNumber,
  verifiedIdentitySummary,
} from './verifiedSummary.js';

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

const nov25 = Date.UTC(2026, 10, 25, 10, 0);
const on = (evidence: Evidence, createdAt = nov25): Evidence => ({ ...evidence, createdAt });
const anna = { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' };
const kbv: Evidence = { ...base, id: 'k', check: 'KBVL1', attributes: anna };
const mobile: Evidence = { ...base, id: 'm', check: 'MobileContract', attributes: null };
const debit: Evidence = {
  ...base,
  id: 'd',
  check: 'DebitCard',
  attributes: { holder_name: 'ANNA SMITH', card: { brand: 'Visa', type: 'debit', last4: '5556' } },
};
const bankLogin: Evidence = {
  ...base,
  id: 'o',
  check: 'OB',
  attributes: { holder_name: 'ANNA SMITH' },
};
/** A contract the operator confirmed is in the profile's name: binds, verifies nothing. */
const confirmedMobile: Evidence = {
  ...mobile,
  id: 'm2',
  attributes: { confirmed: anna },
};
/** Evidence recorded before the check registry said what a check verifies (a mobile contract
 * carried the profile's own values as if verified): still verifies nothing. */
const oldMobile: Evidence = { ...mobile, id: 'm3', attributes: anna };

describe('evidenceSentence: one piece of evidence as a person reads it', () => {
  it.each<[string, Evidence, string]>([
    [
      'a passport gives name and date of birth',
      on({ ...passport, attributes: { ...passport.attributes, ...anna } }),
      'Name and date of birth verified from your passport on 25 November 2026',
    ],
    [
      'a licence with no birth date says name only',
      on(licence),
      'Name verified from your driving licence on 25 November 2026',
    ],
    [
      "a bank login's holder name binds the check, verifies nothing",
      on(bankLogin),
      'Identity checked with a login to your bank on 25 November 2026',
    ],
    [
      'a card of no details confirms the person',
      on(card),
      'Identity checked with your credit card on 25 November 2026',
    ],
    [
      "a debit card's holder name binds the check, verifies nothing",
      on(debit),
      'Identity checked with your debit card on 25 November 2026',
    ],
    [
      "the knowledge-based questions: the credit file's name and birth date",
      on(kbv),
      'Name and date of birth verified from your credit file (financial questions) on 25 November 2026',
    ],
    [
      'a mobile contract',
      on(mobile),
      'Identity checked with your mobile phone contract on 25 November 2026',
    ],
    [
      "a mobile contract in the name asked: the values are the profile's, not verified",
      on(confirmedMobile),
      'Identity checked with your mobile phone contract on 25 November 2026',
    ],
    [
      "a mobile contract recorded with the profile's values as attributes: still not verified",
      on(oldMobile),
      'Identity checked with your mobile phone contract on 25 November 2026',
    ],
    [
      'the day is the UK day (23:30 UTC in British Summer Time is the next day)',
      on(mobile, Date.UTC(2026, 5, 30, 23, 30)),
      'Identity checked with your mobile phone contract on 1 July 2026',
    ],
  ])('%s', (_case, evidence, sentence) => {
    expect(evidenceSentence(evidence)).toBe(sentence);
  });
});

describe('in Welsh: the same facts, the days in Welsh too', () => {
  it.each<[string, Evidence, string]>([
    [
      'a passport gives name and date of birth',
      on({ ...passport, attributes: { ...passport.attributes, ...anna } }),
      "Enw a dyddiad geni wedi'u gwirio gan ddefnyddio eich pasbort ar 25 Tachwedd 2026",
    ],
    [
      'a licence with no birth date says name only',
      on(licence),
      "Enw wedi'i wirio gan ddefnyddio eich trwydded yrru ar 25 Tachwedd 2026",
    ],
    [
      'a mobile contract',
      on(mobile),
      "Hunaniaeth wedi'i gwirio gan ddefnyddio eich contract ffôn symudol ar 25 Tachwedd 2026",
    ],
  ])('%s', (_case, evidence, sentence) => {
    expect(evidenceSentence(evidence, 'cy')).toBe(sentence);
  });

  it('sums up the verified identity and the documents in Welsh', () => {
    expect(verifiedIdentitySummary([], 'cy')).toBe('Heb ei gwirio eto.');
    expect(documentDetailsSummary([licence], 'masked', 'cy')).toBe(
      "Trwydded yrru ••••••••••••99AB, wedi'i gyhoeddi gan Driver and Vehicle Licensing Agency (GB) ar 2019-03-01, yn dod i ben 2029-02-28",
    );
  });
});

describe('verifiedIdentitySummary: what consent says of verified_claims', () => {
  const annaPassport = on({ ...passport, attributes: { ...passport.attributes, ...anna } });
  it.each<[string, Evidence[], string]>([
    ['nothing verified', [], 'Not verified yet.'],
    ['only failed checks', [failedPassport], 'Not verified yet.'],
    [
      'a passport: its values, then what verified them and when',
      [annaPassport],
      'ANNA SMITH, born 17 February 1985. Name and date of birth verified from your passport on 25 November 2026.',
    ],
    [
      'no birth date verified: none said (never "born unknown")',
      [on(licence)],
      'SMITH. Name verified from your driving licence on 25 November 2026.',
    ],
    [
      'checks that verify no details: only what was checked, no values',
      [on(card), on(mobile, Date.UTC(2026, 10, 24, 9)), on(bankLogin), on(confirmedMobile)],
      'Identity checked with your credit card on 25 November 2026. Identity checked with your mobile phone contract on 24 November 2026. Identity checked with a login to your bank on 25 November 2026. Identity checked with your mobile phone contract on 25 November 2026.',
    ],
    [
      'evidence not about the claimed identity (a name edited since) is left out',
      [on({ ...annaPassport, bound: false }), on({ ...bankLogin, bound: false })],
      'Not verified yet.',
    ],
    [
      'every passed check in the order of the evidence; the same sentence once; expired and failed left out',
      [
        on(kbv),
        annaPassport,
        on({ ...kbv, id: 'k2', check: 'KBVL2' }),
        on({ ...kbv, id: 'k3' }),
        on({ ...mobile, expired: true }),
        failedPassport,
      ],
      'ANNA SMITH, born 17 February 1985. Name and date of birth verified from your credit file (financial questions) on 25 November 2026. Name and date of birth verified from your passport on 25 November 2026. Name and date of birth verified from your credit file (more financial questions) on 25 November 2026.',
    ],
  ])('%s', (_case, evidence, summary) => {
    expect(verifiedIdentitySummary(evidence)).toBe(summary);
  });
});
