import { validateFieldValue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import type { ClientPolicy } from '../clients/policy.js';
import {
  asksForDocumentDetails,
  consentClaims,
  documentDetailsConsent,
  standardFields,
} from './requestedClaims.js';

type Interaction = Parameters<typeof consentClaims>[1];

const interaction = (params: Record<string, unknown>) => ({ params }) as unknown as Interaction;
const policy = { claims: [], customClaims: [] } as unknown as ClientPolicy;

const identity = { verification: { trust_framework: null }, claims: { family_name: null } };
const withDocuments = {
  ...identity,
  verification: {
    trust_framework: null,
    evidence: [{ type: { value: 'document' }, document_details: { document_number: null } }],
  },
};
const claimsParam = (value: unknown) => ({ scope: 'openid', claims: JSON.stringify(value) });

describe('consent to verified_claims with the documents’ details', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['no claims parameter', { scope: 'openid profile' }, false],
    [
      'verified_claims without evidence',
      claimsParam({ id_token: { verified_claims: identity } }),
      false,
    ],
    [
      'evidence asked without document_details',
      claimsParam({
        id_token: {
          verified_claims: {
            ...identity,
            verification: { trust_framework: null, evidence: [{ type: { value: 'document' } }] },
          },
        },
      }),
      false,
    ],
    [
      'document_details in the id_token',
      claimsParam({ id_token: { verified_claims: withDocuments } }),
      true,
    ],
    [
      'document_details in userinfo',
      claimsParam({ userinfo: { verified_claims: withDocuments } }),
      true,
    ],
    [
      'one of several verified_claims elements',
      claimsParam({ userinfo: { verified_claims: [identity, withDocuments] } }),
      true,
    ],
    ['a malformed claims parameter', { scope: 'openid', claims: '{' }, false],
    ['a null use', claimsParam({ id_token: null }), false],
  ])('%s', (_case, params, asked) => {
    expect(asksForDocumentDetails(params.claims)).toBe(asked);
    expect(consentClaims(policy, interaction(params)).includes(documentDetailsConsent)).toBe(asked);
  });

  it('covers verified_claims and, as a consent of its own, the documents’ details', () => {
    expect(
      consentClaims(
        policy,
        interaction(claimsParam({ id_token: { verified_claims: withDocuments } })),
      ),
    ).toEqual(['verified_claims', documentDetailsConsent]);
  });
});

describe('the standard fields say what is wrong (issue 21)', () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it.each<[keyof typeof standardFields, string, string | null]>([
    ['family_name', 'Lovelace', null],
    ['family_name', "O'Brien-Jones", null],
    ['family_name', 'L'.repeat(100), null],
    ['family_name', 'L'.repeat(101), 'Family name must be 100 characters or fewer'],
    [
      'family_name',
      'Lovelace!',
      'Family name must start with a letter and contain only letters, spaces, hyphens and apostrophes',
    ],
    [
      'given_name',
      '4da',
      'Given names must start with a letter and contain only letters, spaces, hyphens and apostrophes',
    ],
    ['phone_number', '07700 900123', null],
    ['phone_number', '+44 7700 900123', null],
    [
      'phone_number',
      '12345',
      'Please enter a UK phone number, like 01632 960123, 07700 900123 or +44 7700 900123',
    ],
    ['birthdate', '1990-02-30', 'Please enter a real date'],
    ['birthdate', '1899-12-31', 'Date of birth must be on or after 01/01/1900'],
    ['birthdate', '2026-11-23', 'Date of birth must be today or in the past'],
    ['birthdate', '2026-11-22', null],
  ])('%s %j gives %j', (name, value, expected) => {
    expect(validateFieldValue(standardFields[name], value, today)).toBe(expected);
  });
});
