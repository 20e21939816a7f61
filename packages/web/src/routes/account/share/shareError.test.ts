import { errorCatalogue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { shareCopy } from '../../../copy/account';
import { shareErrorMessage } from './shareError';

describe('shareErrorMessage', () => {
  it.each([
    [new ApiError('already_shared', 409), errorCatalogue.already_shared.message],
    [new ApiError('share_limit_reached', 409), shareCopy.limitReached],
    [new ApiError('rate_limited', 429), errorCatalogue.rate_limited.message],
    [new ApiError('validation_failed', 400), 'Email is invalid'],
    [new ApiError('internal_error', 500), shareCopy.failed],
    [new ApiError('internal_error', 0), shareCopy.failed],
    [new Error('network'), shareCopy.failed],
  ])('%s → %s', (error, message) => {
    expect(shareErrorMessage(error)).toBe(message);
  });
});
