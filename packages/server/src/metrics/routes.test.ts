import { describe, expect, it } from 'vitest';
import { bearerMatches } from './routes.js';

const token = 'k'.repeat(40);

describe('bearerMatches', () => {
  it.each<[string | undefined, boolean]>([
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true], // RFC 6750: the scheme is case-insensitive
    [undefined, false],
    ['', false],
    ['Bearer', false],
    [`Bearer ${token}x`, false],
    [`Bearer ${token.slice(1)}`, false],
    [`Bearer  ${token}`, false],
    [`Bearer ${token} extra`, false],
    [`Basic ${token}`, false],
    [token, false],
  ])('%j: %s', (header, expected) => {
    expect(bearerMatches(header, token)).toBe(expected);
  });
});
