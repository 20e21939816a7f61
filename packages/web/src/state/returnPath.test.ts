import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

describe('returnPath', () => {
  it.each([
    ['/account/share', '/account/share'],
    ['/account/consents?from=menu', '/account/consents?from=menu'],
    ['/account/', '/account/'],
    ['/', null],
    ['/login', null],
    ['//evil.example/account/share', null],
    ['/account//evil.example', null],
    ['https://evil.example/account/share', null],
    ['javascript:alert(1)', null],
    ['/account/share#x', null],
    ['/account/\\evil.example', null],
    ['', null],
  ])('%s → %s', (raw, expected) => {
    expect(returnPath(raw)).toBe(expected);
  });
});
