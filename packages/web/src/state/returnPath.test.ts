import { describe, expect, it } from 'vitest';
import { afterLogin, returnPath } from './returnPath';

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

describe('afterLogin', () => {
  it.each([
    [null, '/account/share', '/account/share'],
    [null, null, '/'],
    ['request-1', '/account/share', '/Profile'],
    ['request-1', null, '/Profile'],
  ])('request %s, saved %s → %s', (requestId, saved, expected) => {
    const next = requestId === null ? '/' : '/Profile';
    expect(afterLogin(requestId, saved, () => next)).toBe(expected);
  });
});
