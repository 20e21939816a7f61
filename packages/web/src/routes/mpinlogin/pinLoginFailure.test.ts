import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { pinLoginFailure, type PinLoginFailure } from './pinLoginFailure';

describe('pinLoginFailure', () => {
  it.each<[string, unknown, PinLoginFailure]>([
    [
      'a wrong PIN (401) is the spec text, not the server message',
      new ApiError('pin_wrong', 401),
      { kind: 'message', message: 'Authentication Failed' },
    ],
    [
      'a revoked identity (410) is the revoked screen',
      new ApiError('pin_revoked', 410),
      { kind: 'revoked' },
    ],
    [
      'another API error keeps its message',
      new ApiError('rate_limited', 429, 'Too many requests'),
      { kind: 'message', message: 'Too many requests' },
    ],
    ['a thrown error keeps its message', new Error('boom'), { kind: 'message', message: 'boom' }],
  ])('%s', (_name, failure, expected) => {
    expect(pinLoginFailure(failure)).toEqual(expected);
  });
});
