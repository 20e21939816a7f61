import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { resetProblem } from './resetOutcome';

describe('resetProblem', () => {
  it.each<[unknown, ReturnType<typeof resetProblem>]>([
    [new ApiError('invalidCode', 400), { kind: 'invalidCode' }],
    [new ApiError('codeExpiredCannotResend', 400), { kind: 'invalidCode' }],
    [
      new ApiError('weak_password', 400, 'Add another word or two.'),
      { kind: 'weakPassword', message: 'Add another word or two.' },
    ],
    [new ApiError('rate_limited', 429), { kind: 'error' }],
    [new ApiError('internal_error', 0), { kind: 'error' }],
    [new Error('boom'), { kind: 'error' }],
  ])('%s', (error, problem) => {
    expect(resetProblem(error)).toEqual(problem);
  });
});
