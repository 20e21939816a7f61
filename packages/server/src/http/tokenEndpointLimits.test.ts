import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { namedClient } from './tokenEndpointLimits.js';

const basic = (id: string, secret = 's') =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${secret}`).toString('base64')}`;
const jwt = (claims: unknown) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('namedClient: the client a token endpoint call names, unverified', () => {
  it.each([
    ['Basic header', basic('rp-1'), '', 'rp-1'],
    ['Basic header before the form', basic('rp-1'), 'client_id=rp-2', 'rp-1'],
    ['form client_id', undefined, 'client_id=rp-2', 'rp-2'],
    [
      'client_id before the assertion',
      undefined,
      `client_id=rp-2&client_assertion=${jwt({ sub: 'rp-3' })}`,
      'rp-2',
    ],
    [
      "the assertion's subject",
      undefined,
      `client_assertion=${jwt({ sub: 'rp-3', iss: 'rp-4' })}`,
      'rp-3',
    ],
    [
      "the assertion's issuer without a subject",
      undefined,
      `client_assertion=${jwt({ iss: 'rp-4' })}`,
      'rp-4',
    ],
    ['an assertion that is no JWT', undefined, 'client_assertion=garbage', null],
    [
      'an assertion whose payload is no JSON object',
      undefined,
      `client_assertion=e30.${Buffer.from('7').toString('base64url')}.x`,
      null,
    ],
    ['a subject that is not a string', undefined, `client_assertion=${jwt({ sub: 7 })}`, null],
    ['client_id twice', undefined, 'client_id=rp-2&client_id=rp-5', null],
    ['a client id longer than any', undefined, `client_id=${'x'.repeat(257)}`, null],
    ['nothing', undefined, 'grant_type=refresh_token', null],
    ['a Bearer header', 'Bearer abc', '', null],
  ])('%s', (_name, authorization, form, expected) => {
    const req = { headers: authorization ? { authorization } : {} } as IncomingMessage;
    expect(namedClient(req, form ? new URLSearchParams(form) : null)).toBe(expected);
  });
});
