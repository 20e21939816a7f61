import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';
import { checkFailure } from './checkFailure';

describe('checkFailure', () => {
  it.each<[string, unknown, ReturnType<typeof checkFailure>]>([
    ['signed out', new ApiError('not_signed_in', 401), { kind: 'login' }],
    [
      'fields refused',
      new ApiError('validation_failed', 400, 'x', { number: 'Passport No. invalid' }),
      { kind: 'refused', errors: { number: 'Passport No. invalid' } },
    ],
    [
      'refused without fields',
      new ApiError('validation_failed', 400, 'Not valid'),
      { kind: 'failed', message: 'Not valid' },
    ],
    [
      'already done',
      new ApiError('step_not_allowed', 409, 'Already done'),
      { kind: 'failed', message: 'Already done' },
    ],
    [
      'service down',
      new ApiError('service_unavailable', 503),
      { kind: 'failed', message: checksCopy.serviceDown },
    ],
    [
      'no profile name yet',
      new ApiError('identity_details_required', 409, 'x'),
      { kind: 'profile', message: checksCopy.profileFirst },
    ],
    [
      'no record, two tries left',
      new ApiError('check_record_not_found', 404, 'x', { attemptsLeft: 2 }),
      { kind: 'failed', message: `${checksCopy.noRecord} You have 2 tries left today.` },
    ],
    [
      'no record, the last try used',
      new ApiError('check_record_not_found', 404, 'x', { attemptsLeft: 0 }),
      {
        kind: 'failed',
        message: `${checksCopy.noRecord} You have no tries left today. Please choose a different verification option.`,
      },
    ],
    [
      'no record, no count given',
      new ApiError('check_record_not_found', 404, 'x'),
      { kind: 'failed', message: checksCopy.noRecord },
    ],
    ['network', new TypeError('x'), { kind: 'failed', message: checksCopy.checkError }],
  ])('%s', (_name, error, expected) => {
    expect(checkFailure(error)).toEqual(expected);
  });
});
