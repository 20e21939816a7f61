import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './routes.js';

describe('isSpaRoute', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/LOGIN', true],
    ['/secondfactor', true],
    ['/requests/abcDEF123_-xyz', true],
    ['/requests/', false],
    ['/obcallback/anything/deeper', true],
    ['/account/share', true],
    ['/nope', false],
    ['/login/extra', false],
  ])('%s → %s', (path, expected) => {
    expect(isSpaRoute(path)).toBe(expected);
  });
});
