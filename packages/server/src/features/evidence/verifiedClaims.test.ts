import { describe, expect, it } from 'vitest';
import { identityAssuranceSchemas } from '../../test/verifiedClaimsSchema.js';
import type { Evidence } from './evidenceStore.js';
import { verifiedClaims } from './verifiedClaims.js';

const scores = { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 };
const passport: Evidence = {
  id: 'e1',
  check: 'Passport',
  outcome: 'passed',
  scores,
  provider: 'sandbox-documents',
  transactionId: 'tx-passport',
  createdAt: Date.UTC(2026, 10, 20, 10, 0, 0),
  expired: false,
  bound: true,
  attributes: {
    given_name: 'ANNA',
    family_name: 'SMITH',
    birthdate: '1985-02-17',
    document: {
      type: 'passport',
      number: '533401372',
      dateOfExpiry: '2031-04-30',
      issuer: { name: 'HM Passport Office', country: 'GB' },
    },
  },
};
const card: Evidence = {
  ...passport,
  id: 'e2',
  check: 'CreditCard',
  transactionId: 'tx-card',
  createdAt: Date.UTC(2026, 10, 21, 9, 30, 0),
  attributes: { card: { brand: 'Visa', type: 'credit', last4: '1111' } },
};
const failed: Evidence = { ...passport, id: 'e3', outcome: 'failed', transactionId: 'tx-failed' };
const expiredPassport: Evidence = { ...passport, id: 'e4', transactionId: 'tx-old', expired: true };

const unboundPassport: Evidence = { ...passport, id: 'e5', transactionId: 'tx-edit', bound: false };
const kbv: Evidence = {
  ...passport,
  id: 'e6',
  check: 'KBVL1',
  transactionId: 'tx-kbv',
  createdAt: Date.UTC(2026, 10, 22, 9, 0, 0),
  attributes: { given_name: 'ANNA', family_name: 'SMITH-JONES', birthdate: '1985-02-17' },
};

describe('verifiedClaims', () => {
  const schemas = identityAssuranceSchemas();

  it('leaves out evidence about another identity than the profile now holds (a verified field edited)', () => {
    expect(verifiedClaims([card, unboundPassport], null)).toBeUndefined();
    const claims = verifiedClaims([unboundPassport, passport], null)!;
    expect(JSON.stringify(claims)).not.toContain('tx-edit');
  });

  it("takes the claims from a document's record before a credit file's, never from the profile", () => {
    const claims = verifiedClaims([kbv, passport], null)!;
    expect(claims.claims).toEqual({
      given_name: 'ANNA',
      family_name: 'SMITH',
      birthdate: '1985-02-17',
    });
    expect(verifiedClaims([kbv], null)!.claims).toMatchObject({ family_name: 'SMITH-JONES' });
    expect(schemas.response({ verified_claims: verifiedClaims([kbv], null) })).toBe(true);
  });

  it('has nothing to say without a passed document', () => {
    expect(verifiedClaims([], null)).toBeUndefined();
    expect(verifiedClaims([card, failed], null)).toBeUndefined();
  });

  it('leaves expired evidence out: an expired passport verifies nothing', () => {
    expect(verifiedClaims([card, expiredPassport], null)).toBeUndefined();
    const claims = verifiedClaims([expiredPassport, card, passport], null)!;
    expect(JSON.stringify(claims)).not.toContain('tx-old');
    expect(claims.verification).toMatchObject({ evidence: [{}, {}] });
  });

  it('gives every passed check as evidence, newest first, and conforms to the standard', () => {
    const claims = verifiedClaims([card, passport, failed], null)!;
    expect(schemas.response({ verified_claims: claims }), schemas.errors()).toBe(true);
    expect(claims).toEqual({
      verification: {
        trust_framework: 'uk_diatf',
        assurance_process: { policy: 'gpg45' },
        time: '2026-11-21T09:30:00Z',
        evidence: [
          {
            type: 'electronic_record',
            check_details: [
              {
                check_method: 'data',
                organization: 'sandbox-documents',
                check_id: 'tx-card',
                time: '2026-11-21T09:30:00Z',
              },
            ],
            record: { type: 'payment_card' },
          },
          {
            type: 'document',
            check_details: [
              {
                check_method: 'data',
                organization: 'sandbox-documents',
                check_id: 'tx-passport',
                time: '2026-11-20T10:00:00Z',
              },
            ],
            document_details: { type: 'passport' },
          },
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });

  it("names the GPG45 profile the same evidence meets, as the standard's UK DIATF example does", () => {
    const questions: Evidence = { ...kbv, scores: { ...scores, verification: 2 }, attributes: {} };
    const mobile: Evidence = {
      ...card,
      id: 'e8',
      check: 'MobileContract',
      transactionId: 'tx-mobile',
      scores: { strength: 0, validity: 0, activity: 1, fraud: 1, verification: 0 },
      attributes: {},
    };
    // Passport, questions and a phone contract: M1A, so P2 (medium).
    const m1a = verifiedClaims([mobile, questions, passport], null)!;
    expect(schemas.response({ verified_claims: m1a }), schemas.errors()).toBe(true);
    expect(m1a.verification).toMatchObject({
      assurance_level: 'medium',
      assurance_process: { policy: 'gpg45', procedure: 'm1a' },
    });
    // Passport and questions meet L1B, which no level lists: the policy alone.
    const l1b = verifiedClaims([questions, passport], null)!;
    expect(l1b.verification).not.toHaveProperty('assurance_level');
    expect(l1b.verification).toMatchObject({ assurance_process: { policy: 'gpg45' } });
    expect(JSON.stringify(l1b)).not.toContain('procedure');
    // The phone contract set aside (another person's now): M1A is no longer claimed.
    const setAside = verifiedClaims([{ ...mobile, bound: false }, questions, passport], null)!;
    expect(JSON.stringify(setAside)).not.toMatch(/procedure|assurance_level/);
  });

  it('gives a document once, with every check of it (a photo read, then the selfie) in its check_details', () => {
    const photo: Evidence = {
      ...passport,
      id: 'e7',
      check: 'GenuinePassport',
      provider: 'verity-local-photo',
      transactionId: 'tx-photo',
    };
    // The selfie's evidence carries the document it was compared with.
    const selfie: Evidence = {
      ...photo,
      id: 'e8',
      check: 'SelfieComparison',
      transactionId: 'tx-selfie',
      createdAt: photo.createdAt + 60_000,
    };
    const claims = verifiedClaims([selfie, card, photo], null)!;
    expect(schemas.response({ verified_claims: claims }), schemas.errors()).toBe(true);
    const evidence = (claims.verification as { evidence: object[] }).evidence;
    expect(evidence).toEqual([
      {
        type: 'document',
        check_details: [
          expect.objectContaining({ check_method: 'vri', check_id: 'tx-photo' }),
          expect.objectContaining({ check_method: 'bvr', check_id: 'tx-selfie' }),
        ],
        document_details: { type: 'passport' },
      },
      expect.objectContaining({ type: 'electronic_record' }),
    ]);
    // Another document stays an entry of its own.
    const other: Evidence = {
      ...photo,
      id: 'e9',
      attributes: {
        ...photo.attributes,
        document: { ...photo.attributes!.document!, number: '999999999' },
      },
    };
    expect(verifiedClaims([selfie, other, photo], null)).toHaveProperty(
      'verification.evidence.length',
      2,
    );
  });

  it.each<[string, Evidence]>([
    ['a holder name (card)', { ...card, attributes: { holder_name: 'ANNA SMITH' } }],
    [
      'a holder name (bank login)',
      { ...card, check: 'OB', attributes: { holder_name: 'ANNA SMITH' } },
    ],
    [
      'whom a mobile operator confirmed',
      {
        ...card,
        check: 'MobileContract',
        attributes: {
          confirmed: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
        },
      },
    ],
    [
      "a mobile contract recorded with the profile's values",
      {
        ...card,
        check: 'MobileContract',
        attributes: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
      },
    ],
    [
      "a bank check's fielded name",
      { ...card, check: 'Bank', attributes: { given_name: 'ANNA', family_name: 'SMITH' } },
    ],
  ])('releases no claim from %s: it binds the check, verifies nothing', (_case, evidence) => {
    expect(verifiedClaims([evidence], null)).toBeUndefined();
    // Beside a credit file, the claims are the credit file's.
    expect(verifiedClaims([evidence, kbv], null)!.claims).toMatchObject({
      family_name: 'SMITH-JONES',
    });
  });

  it.each(['OB', 'Bank', 'CurrentAccount'] as const)(
    'says a %s check examined a bank account',
    (check) => {
      const bank: Evidence = { ...card, check, attributes: { holder_name: 'ANNA SMITH' } };
      const claims = verifiedClaims([bank, passport], null)!;
      expect(schemas.response({ verified_claims: claims }), schemas.errors()).toBe(true);
      expect(claims).toHaveProperty('verification.evidence.0.type', 'electronic_record');
      expect(claims).toHaveProperty('verification.evidence.0.record.type', 'bank_account');
    },
  );

  it('gives the document number, dates and issuer only when the request asks for them', () => {
    const asked = {
      verification: { evidence: [{ type: { value: 'document' }, document_details: null }] },
      claims: { family_name: null },
    };
    const claims = verifiedClaims([passport], asked)!;
    expect(schemas.response({ verified_claims: claims }), schemas.errors()).toBe(true);
    const evidence = (claims.verification as { evidence: object[] }).evidence;
    expect(evidence[0]).toMatchObject({
      document_details: {
        type: 'passport',
        document_number: '533401372',
        date_of_expiry: '2031-04-30',
        issuer: { name: 'HM Passport Office', country: 'GB' },
      },
    });
    const plain = verifiedClaims([passport], { claims: { family_name: null } })!;
    expect(JSON.stringify(plain)).not.toContain('533401372');
  });

  it.each<[unknown, object]>([
    [{ claims: { birthdate: null } }, { birthdate: '1985-02-17' }],
    [
      [{ claims: { given_name: null } }, { claims: { family_name: { essential: true } } }],
      { given_name: 'ANNA', family_name: 'SMITH' },
    ],
    [
      { verification: { trust_framework: null } },
      { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    ],
  ])('releases only the claims %j names', (request, expected) => {
    expect(verifiedClaims([passport], request)!.claims).toEqual(expected);
  });
});
