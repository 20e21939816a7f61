import { describe, expect, it } from 'vitest';
import { pageWidth } from './pageWidth';

describe('pageWidth', () => {
  it.each([
    ['/', 'wide'],
    ['/about', 'wide'],
    ['/Terms/', 'wide'],
    ['/privacy', 'wide'],
    ['/account/share', 'wide'],
    ['/account/signin-methods', 'wide'],
    ['/login', 'narrow'],
    ['/signup', 'narrow'],
    ['/SecondFactor', 'narrow'],
    ['/PassportPhoto', 'narrow'],
    ['/mpinlogin', 'narrow'],
    ['/requests/abcdefghij', 'narrow'],
    ['/accounts', 'narrow'],
    ['/nowhere', 'narrow'],
  ])('%s is %s', (path, width) => {
    expect(pageWidth(path)).toBe(width);
  });
});
