import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loginErrorMessage, loginOutcome } from './loginOutcome';

const failedMessage =
  'We do not recognise that e-mail and password combination, please check and try again.';
const errorMessage = 'Oops something went wrong, please try again later.';

describe('loginOutcome', () => {
  it.each([
    [{ failed: true, userRequirements: [] }, { kind: 'failed' }],
    [
      { failed: false, email: 'ada@example.com', userRequirements: ['consent' as const] },
      { kind: 'success', email: 'ada@example.com', userReqs: ['consent'] },
    ],
    [
      { failed: false, userRequirements: [] },
      { kind: 'success', email: 'Ada@Example.com', userReqs: [] },
    ],
    [
      { failed: false, verifyEmail: true, email: 'ada@example.com', userRequirements: [] },
      { kind: 'verifyEmail', email: 'ada@example.com' },
    ],
  ])('%j', (answer, outcome) => {
    expect(loginOutcome(answer, ' Ada@Example.com ')).toEqual(outcome);
  });
});

describe('loginErrorMessage', () => {
  it.each<[unknown, string]>([
    [new ApiError('rate_limited', 429), 'Too many attempts. Please wait a while and try again.'],
    [new ApiError('validation_failed', 400), failedMessage],
    [new ApiError('internal_error', 500), errorMessage],
    [new ApiError('internal_error', 0), errorMessage],
    [new ApiError('request_not_found', 404), errorMessage],
    [new TypeError('boom'), errorMessage],
  ])('%s', (error, message) => {
    expect(loginErrorMessage(error)).toBe(message);
  });
});
