import { errorCatalogue, type ErrorCode } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';
import { phoneRefusal } from './phoneRefusal';

const refused = (code: ErrorCode) =>
  new ApiError(code, errorCatalogue[code].status, errorCatalogue[code].message);

describe('phoneRefusal', () => {
  it.each<[string, unknown, string | null]>([
    ['the link used', refused('photo_handoff_used'), errorCatalogue.photo_handoff_used.message],
    [
      'the link replaced or expired',
      refused('photo_handoff_expired'),
      errorCatalogue.photo_handoff_expired.message,
    ],
    [
      "another phone's",
      refused('photo_handoff_other_device'),
      errorCatalogue.photo_handoff_other_device.message,
    ],
    ['the request ended', refused('request_not_found'), errorCatalogue.request_not_found.message],
    [
      "the desktop's login no longer serves",
      refused('not_signed_in'),
      checksCopy.phoneBackToComputer,
    ],
    [
      'a second factor added since',
      refused('second_factor_login_required'),
      checksCopy.phoneBackToComputer,
    ],
    [
      'an earlier step outstanding',
      refused('earlier_step_required'),
      checksCopy.phoneBackToComputer,
    ],
    ['a photo to take again: the photo screen says it', refused('photo_blurred'), null],
    ['the check already done: the photo screen says it', refused('step_not_allowed'), null],
    ['not an answer of the server', new Error('offline'), null],
  ])('%s', (_, error, expected) => {
    expect(phoneRefusal(error)).toBe(expected);
  });
});
