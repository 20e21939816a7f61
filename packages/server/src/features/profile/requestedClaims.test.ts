import { describe, expect, it } from 'vitest';
import type { ClientPolicy } from '../clients/policy.js';
import {
  asksForDocumentDetails,
  consentClaims,
  documentDetailsConsent,
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
