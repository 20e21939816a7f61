import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { registerErrorMessage } from './registerOutcome';

describe('registerErrorMessage', () => {
  it.each<[unknown, string]>([
    [new ApiError('weak_password', 400, 'Add another word or two.'), 'Add another word or two.'],
    [new ApiError('rate_limited', 429, 'Too many attempts.'), 'Too many attempts.'],
    [
      new ApiError('validation_failed', 400, 'Email: bad'),
      'Oops something went wrong, please try again later',
    ],
    [new ApiError('internal_error', 0), 'Oops something went wrong, please try again later'],
    [new Error('boom'), 'Oops something went wrong, please try again later'],
  ])('%s', (error, message) => {
    expect(registerErrorMessage(error)).toBe(message);
  });
});
