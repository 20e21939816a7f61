import { describe, expect, it } from 'vitest';
import { checkSignature, signRequest } from './requestSigning.js';

const secret = 'a'.repeat(40);
const request = { method: 'POST', path: '/v1/shares', body: '{"mpinId":"ab"}' };
const now = Date.UTC(2026, 10, 23, 5, 0, 0);
const header = signRequest(secret, request, now);

describe('request signing between Verity and a PIN authority', () => {
  it.each([
    ['the signed request', header, request, now, 'valid'],
    ['59 s later', header, request, now + 59_000, 'valid'],
    ['61 s later (a replay)', header, request, now + 61_000, 'stale'],
    ['61 s early (clock skew)', header, request, now - 61_000, 'stale'],
    ['no header', undefined, request, now, 'missing'],
    ['a bearer token instead', `Bearer ${secret}`, request, now, 'malformed'],
    ['another body', header, { ...request, body: '{"mpinId":"cd"}' }, now, 'wrong'],
    ['another path', header, { ...request, path: '/v1/other' }, now, 'wrong'],
    ['another method', header, { ...request, method: 'PUT' }, now, 'wrong'],
    ['a changed time', header.replace(/^t=\d+/, `t=${now / 1000 + 1}`), request, now, 'wrong'],
  ] as const)('%s', (_, given, asked, at, expected) => {
    expect(checkSignature(secret, given, asked, at)).toBe(expected);
  });

  it('another secret does not verify', () => {
    expect(checkSignature('b'.repeat(40), header, request, now)).toBe('wrong');
  });
});
