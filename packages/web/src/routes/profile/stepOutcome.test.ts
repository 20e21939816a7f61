import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loadFailure, stepFailure, stepOutcome } from './stepOutcome';

describe('stepOutcome', () => {
  it('goes on without the step just done', () => {
    expect(
      stepOutcome(
        { userRequirements: ['setupProfile', 'consent'], redirect_Uri: null },
        'setupProfile',
      ),
    ).toEqual({ kind: 'nextStep', userReqs: ['consent'] });
    expect(stepOutcome({ userRequirements: [], redirect_Uri: null }, 'consent')).toEqual({
      kind: 'nextStep',
      userReqs: [],
    });
  });

  it('goes back to the client when the step ended the request', () => {
    const url = 'http://localhost:3000/oidc/auth/abc';
    expect(stepOutcome({ userRequirements: [], redirect_Uri: url }, 'consent')).toEqual({
      kind: 'redirect',
      url,
    });
  });
});

describe('stepFailure', () => {
  it('sends a signed-out user to log in', () => {
    expect(stepFailure(new ApiError('not_signed_in', 401))).toEqual({ kind: 'login' });
  });

  it("puts the server's messages next to their fields", () => {
    const error = new ApiError('validation_failed', 400, 'No.', {
      birthdate: 'This field is invalid',
    });
    expect(stepFailure(error)).toEqual({
      kind: 'refused',
      errors: { birthdate: 'This field is invalid' },
    });
  });

  it('fails otherwise, also for a refusal without field messages', () => {
    expect(stepFailure(new ApiError('validation_failed', 400))).toEqual({ kind: 'failed' });
    expect(stepFailure(new ApiError('internal_error', 0))).toEqual({ kind: 'failed' });
    expect(stepFailure(new Error('x'))).toEqual({ kind: 'failed' });
  });
});

describe('loadFailure', () => {
  it('sends a signed-out user to log in, and explains a request that is gone', () => {
    expect(loadFailure(new ApiError('not_signed_in', 401))).toEqual({ kind: 'login' });
    expect(loadFailure(new ApiError('request_not_found', 404, 'Gone.'))).toEqual({
      kind: 'error',
      detail: 'Gone.',
    });
    expect(loadFailure(new ApiError('internal_error', 500, 'Boom'))).toEqual({
      kind: 'error',
      detail: null,
    });
  });
});

describe('earlier steps (the journey refused this one until they are done)', () => {
  it('goes to the second factor, or to the screen of the requirement that comes first', () => {
    expect(loadFailure(new ApiError('second_factor_login_required', 403))).toEqual({
      kind: 'earlierStep',
      route: '/SecondFactor',
    });
    const earlier = (requirement: string) =>
      new ApiError('earlier_step_required', 409, undefined, { requirement });
    expect(loadFailure(earlier('setupSecondFactor'))).toEqual({
      kind: 'earlierStep',
      route: '/SecondFactor',
    });
    expect(stepFailure(earlier('setupProfile'))).toEqual({
      kind: 'earlierStep',
      route: '/Profile',
    });
    expect(stepFailure(earlier('setupMPin'))).toEqual({ kind: 'earlierStep', route: '/mpinsetup' });
    // Without a requirement it names, nothing to go to.
    expect(stepFailure(new ApiError('earlier_step_required', 409))).toEqual({ kind: 'failed' });
  });
});
