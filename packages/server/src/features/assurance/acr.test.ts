import { describe, expect, it } from 'vitest';
import { acrAsk, acrFor, essentialAcrs } from './acr.js';

const AAL1 = 'urn:verity:aal1';
const AAL2 = 'urn:verity:aal2';
const IAL2 = 'urn:verity:ial2';
const essential = (values: string[]) =>
  JSON.stringify({ id_token: { acr: { essential: true, values } } });

describe('acrAsk', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof acrAsk>]>([
    ['nothing', {}, { secondFactor: false, verifiedIdentity: false, essential: null }],
    [
      'acr_values aal2',
      { acr_values: AAL2 },
      { secondFactor: true, verifiedIdentity: false, essential: null },
    ],
    [
      'acr_values ial2',
      { acr_values: `${AAL1} ${IAL2}` },
      { secondFactor: true, verifiedIdentity: true, essential: null },
    ],
    [
      'essential aal2 or ial2',
      { claims: essential([AAL2, IAL2]) },
      { secondFactor: true, verifiedIdentity: false, essential: [AAL2, IAL2] },
    ],
    [
      'essential ial2 only',
      { claims: essential([IAL2]) },
      { secondFactor: true, verifiedIdentity: true, essential: [IAL2] },
    ],
    [
      'essential value aal1 or better',
      { claims: essential([AAL1, AAL2]) },
      { secondFactor: false, verifiedIdentity: false, essential: [AAL1, AAL2] },
    ],
    [
      'a voluntary acr claim',
      { claims: JSON.stringify({ id_token: { acr: { values: [AAL2] } } }) },
      { secondFactor: false, verifiedIdentity: false, essential: null },
    ],
    [
      'a single essential value',
      { claims: JSON.stringify({ id_token: { acr: { essential: true, value: AAL2 } } }) },
      { secondFactor: true, verifiedIdentity: false, essential: [AAL2] },
    ],
    [
      'bad JSON',
      { claims: '{' },
      { secondFactor: false, verifiedIdentity: false, essential: null },
    ],
  ])('%s', (_name, params, expected) => {
    expect(acrAsk(params)).toEqual(expected);
  });
});

describe('acrFor', () => {
  const none = acrAsk({});
  it.each<[boolean, boolean, ReturnType<typeof acrAsk>, string | null]>([
    // Without an essential acr: the strongest reached.
    [false, false, none, AAL1],
    [false, true, none, AAL1],
    [true, false, none, AAL2],
    [true, true, none, IAL2],
    // With one: the strongest reached among its values (never a value it did not accept).
    [true, true, acrAsk({ claims: essential([AAL2]) }), AAL2],
    [true, false, acrAsk({ claims: essential([AAL2, IAL2]) }), AAL2],
    [true, false, acrAsk({ claims: essential([IAL2]) }), null],
    [false, false, acrAsk({ claims: essential([AAL2]) }), null],
    [true, true, acrAsk({ claims: essential(['urn:other']) }), null],
  ])('two factors %s, assurance met %s, ask %j: %s', (twoFactors, assuranceMet, ask, expected) => {
    expect(acrFor({ twoFactors, assuranceMet }, ask)).toBe(expected);
  });
});

describe('essentialAcrs: as the request sent it, or as a code or refresh token keeps it', () => {
  it.each<[string, unknown, string[] | null]>([
    ['JSON, essential with values', essential([IAL2]), [IAL2]],
    ['parsed, essential with values', JSON.parse(essential([AAL2, IAL2])), [AAL2, IAL2]],
    [
      'parsed, essential with one value',
      { id_token: { acr: { essential: true, value: IAL2 } } },
      [IAL2],
    ],
    ['parsed, not essential', { id_token: { acr: { values: [IAL2] } } }, null],
    ['no claims', undefined, null],
    ['not JSON', '{', null],
  ])('%s', (_case, claims, expected) => {
    expect(essentialAcrs(claims)).toEqual(expected);
  });
});
