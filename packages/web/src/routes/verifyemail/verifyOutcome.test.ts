import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { codeProblem, codeProblemMessage } from './verifyOutcome';

describe('codeProblem', () => {
  it.each<[unknown, string]>([
    [
      new ApiError('invalidCode', 400),
      'This value is not correct, please check the code in the e-mail carefully.',
    ],
    [
      new ApiError('codeExpiredCanResend', 400),
      'Your e-mail verification code has expired. Please use the button below to try again.',
    ],
    [
      new ApiError('codeExpiredCannotResend', 400),
      'Your e-mail verification code has expired. You will need to sign up again.',
    ],
    [new ApiError('rate_limited', 429, 'Too many attempts.'), 'Too many attempts.'],
    [new ApiError('validation_failed', 400), 'Oops something went wrong, please try again.'],
    [new ApiError('internal_error', 0), 'Oops something went wrong, please try again.'],
    [new TypeError('boom'), 'Oops something went wrong, please try again.'],
  ])('%s', (error, message) => {
    expect(codeProblemMessage(codeProblem(error))).toBe(message);
  });

  it('keeps the spec names of the code states', () => {
    expect(codeProblem(new ApiError('codeExpiredCanResend', 400)).kind).toBe(
      'codeExpiredCanResend',
    );
  });
});
