import { describe, expect, it } from 'vitest';
import { completesPinStep, homeRedirect, type HomeInput } from './homeRedirect';

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

describe('completesPinStep', () => {
  it.each<[string, HomeInput, string, boolean]>([
    ['set-up step of a request', { user, requestId: 'r1', signedIn: true }, '/mpinsetup', true],
    ['login step of a request', { user, requestId: 'r1', signedIn: true }, '/mpinlogin', true],
    ['another step', { user, requestId: 'r1', signedIn: true }, '/Consent', false],
    ['no request', { user, requestId: null, signedIn: true }, '/mpinsetup', false],
    ['not signed in', { user: null, requestId: 'r1', signedIn: false }, '/mpinlogin', false],
  ])('%s', (_name, input, step, expected) => {
    expect(completesPinStep(input, step)).toBe(expected);
  });
});
