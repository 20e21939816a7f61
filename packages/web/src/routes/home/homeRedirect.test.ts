import { describe, expect, it } from 'vitest';
import { homeRedirect, type HomeInput } from './homeRedirect';

const user = { email: 'ada@example.com', userReqs: [] };

describe('homeRedirect', () => {
  it.each<[string, HomeInput, string, string | null]>([
    [
      'visitor without a request',
      { user: null, requestId: null, signedIn: false },
      '/signup',
      '/about',
    ],
    [
      'visitor with a request',
      { user: null, requestId: 'r1', signedIn: false },
      '/login',
      '/login',
    ],
    [
      'signed in elsewhere, no request',
      { user: null, requestId: null, signedIn: true },
      '/x',
      null,
    ],
    ['signed in elsewhere, a request', { user: null, requestId: 'r1', signedIn: true }, '/x', null],
    ['user with a step to do', { user, requestId: 'r1', signedIn: true }, '/Consent', '/Consent'],
    ['user with nothing to do', { user, requestId: null, signedIn: true }, '/', null],
  ])('%s', (_name, input, step, expected) => {
    expect(homeRedirect(input, () => step)).toBe(expected);
  });
});
