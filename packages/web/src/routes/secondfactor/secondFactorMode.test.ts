import { errorCatalogue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { secondFactorCopy } from '../../copy/secondFactor';
import {
  afterSecondFactor,
  callFailure,
  codeOutcome,
  loginMethods,
  pageMode,
} from './secondFactorMode';

const app = { authMethod: 'Authenticator' as const, displayName: 'Authenticator app', id: 'a' };
const key = (id: string) => ({ authMethod: 'WebAuthn' as const, displayName: 'My key', id });

describe('pageMode', () => {
  it.each([
    ['/SecondFactor', ['loginWithSecondFactor'], [app], 'login'],
    ['/SecondFactor', ['setupSecondFactor'], [], 'setup'],
    ['/SecondFactor', [], [app], 'setup'],
    ['/secondfactorlogin', [], [app], 'login'],
    ['/SECONDFACTORLOGIN', [], [], 'setup'],
    ['/webauthn', ['loginWithSecondFactor'], [app], 'setup'],
  ] as const)('%s with %j and %j methods is %s', (path, reqs, methods, mode) => {
    expect(pageMode(path, reqs, methods)).toBe(mode);
  });
});

describe('loginMethods', () => {
  it('lists each method once, the first configured first', () => {
    expect(loginMethods([key('1'), app, key('2')])).toEqual(['WebAuthn', 'Authenticator']);
  });
});

describe('afterSecondFactor', () => {
  it('removes both second-factor requirements and keeps the rest in order', () => {
    expect(
      afterSecondFactor(['loginWithSecondFactor', 'setupProfile', 'setupSecondFactor', 'consent']),
    ).toEqual(['setupProfile', 'consent']);
  });
});

describe('codeOutcome', () => {
  it.each([
    [{ remainingAttempts: 0 }, { kind: 'wrong' }],
    [{ remainingAttempts: 3 }, { kind: 'wrong' }],
    [
      { userRequirements: ['consent' as const] },
      { kind: 'done', userRequirements: ['consent'], recoveryCodes: null },
    ],
    [
      { userRequirements: [], recoveryCodes: ['abcde-23456'] },
      { kind: 'done', userRequirements: [], recoveryCodes: ['abcde-23456'] },
    ],
  ])('%j is %j', (answer, outcome) => {
    expect(codeOutcome(answer)).toEqual(outcome);
  });
});

describe('callFailure', () => {
  it.each([
    [new ApiError('not_signed_in', 401), { kind: 'login' }],
    [
      new ApiError('validation_failed', 400),
      { kind: 'message', message: secondFactorCopy.wrongCode },
    ],
    [
      new ApiError('rate_limited', 429),
      { kind: 'message', message: errorCatalogue.rate_limited.message },
    ],
    [
      new ApiError('last_second_factor_required', 409),
      { kind: 'message', message: errorCatalogue.last_second_factor_required.message },
    ],
    [new ApiError('internal_error', 500), { kind: 'message', message: secondFactorCopy.failed }],
    [new TypeError('x'), { kind: 'message', message: secondFactorCopy.failed }],
  ])('%s', (error, failure) => {
    expect(callFailure(error)).toEqual(failure);
  });
});
