import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { RequestTimedOut } from '../../api/openBanking';
import { callbackFailure } from './callbackOutcome';

describe('callbackFailure', () => {
  it.each([
    [
      'NoBankAccounts',
      new ApiError('NoBankAccounts', 422),
      { kind: 'obselect', error: 'NoBankAccounts' },
    ],
    [
      'NoAccountNumber',
      new ApiError('NoAccountNumber', 422),
      { kind: 'obselect', error: 'NoAccountNumber' },
    ],
    ['NoAccounts', new ApiError('NoAccounts', 422), { kind: 'obselect', error: 'NoAccounts' }],
    [
      'provider_error',
      new ApiError('provider_error', 502),
      { kind: 'obselect', error: 'provider_error' },
    ],
    [
      'TEMPORARY_ERROR',
      new ApiError('TEMPORARY_ERROR', 503),
      { kind: 'obselect', error: 'TEMPORARY_ERROR' },
    ],
    [
      'access_denied',
      new ApiError('access_denied', 400),
      { kind: 'obselect', error: 'access_denied' },
    ],
    [
      'a mismatch',
      new ApiError('bankIdentityMismatch', 422, 'Sorry'),
      { kind: 'mismatch', message: 'Sorry' },
    ],
    ['a failed verification', new ApiError('bankVerificationFailed', 422), { kind: 'kbv' }],
    ['nobody signed in', new ApiError('not_signed_in', 401), { kind: 'login', notLinked: false }],
    [
      'an unlinked bank login',
      new ApiError('bank_login_not_linked', 403),
      { kind: 'login', notLinked: true },
    ],
    [
      'a bank login by someone other than the linked holder',
      new ApiError('NotAccountHolder', 403),
      { kind: 'obselect', error: 'NotAccountHolder' },
    ],
    ['a used state', new ApiError('ob_state_invalid', 400), { kind: 'stateInvalid' }],
    [
      'a server error',
      new ApiError('internal_error', 500),
      { kind: 'obselect', error: 'provider_error' },
    ],
    ['no answer', new ApiError('internal_error', 0), { kind: 'network' }],
    ['a time-out', new RequestTimedOut(), { kind: 'network' }],
    ['a thrown TypeError', new TypeError('Failed to fetch'), { kind: 'network' }],
  ])('%s', (_case, error, expected) => {
    expect(callbackFailure(error)).toEqual(expected);
  });
});
