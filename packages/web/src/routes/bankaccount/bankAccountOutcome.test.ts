import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { bankAccountFailure } from './bankAccountOutcome';

describe('bankAccountFailure', () => {
  it.each([
    [
      'a mismatch',
      new ApiError('bankIdentityMismatch', 422, 'Sorry'),
      { kind: 'mismatch', message: 'Sorry' },
    ],
    ['a failed verification', new ApiError('bankVerificationFailed', 422), { kind: 'kbv' }],
    ['no account known', new ApiError('bankDetailsRequired', 409), { kind: 'details' }],
    [
      'bankApiError, with the catalogue message',
      new ApiError('bankApiError', 502),
      { kind: 'failed', message: errorCatalogue.bankApiError.message },
    ],
    [
      'bankApiError, with the message the server sent',
      new ApiError('bankApiError', 502, 'The bank is down'),
      { kind: 'failed', message: 'The bank is down' },
    ],
    [
      'a check not offered',
      new ApiError('check_not_offered', 409),
      { kind: 'failed', message: errorCatalogue.check_not_offered.message },
    ],
    [
      'a server error',
      new ApiError('internal_error', 500),
      { kind: 'failed', message: errorCatalogue.internal_error.message },
    ],
    [
      'a check already done',
      new ApiError('step_not_allowed', 409, 'Done'),
      { kind: 'failed', message: 'Done' },
    ],
    [
      'too many tries',
      new ApiError('rate_limited', 429, 'Wait'),
      { kind: 'failed', message: 'Wait' },
    ],
    ['nobody signed in', new ApiError('not_signed_in', 401), { kind: 'login' }],
    ['no answer (network)', new ApiError('internal_error', 0), { kind: 'network' }],
    ['a thrown TypeError', new TypeError('Failed to fetch'), { kind: 'network' }],
  ])('%s', (_case, error, expected) => {
    expect(bankAccountFailure(error)).toEqual(expected);
  });
});
