import { errorCatalogue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { responseFailure, responseOutcome } from './responseOutcome';

describe('responseOutcome', () => {
  it.each<[Parameters<typeof responseOutcome>[0], ReturnType<typeof responseOutcome>]>([
    [
      { redirect_Uri: null, clearSession: false, userRequirements: ['consent'] },
      { kind: 'nextStep', userReqs: ['consent'] },
    ],
    [
      // Requirements win even if an address came along.
      { redirect_Uri: '/oidc/auth/x', clearSession: false, userRequirements: ['setupProfile'] },
      { kind: 'nextStep', userReqs: ['setupProfile'] },
    ],
    [
      { redirect_Uri: '/oidc/auth/abc', clearSession: false, userRequirements: [] },
      { kind: 'redirect', url: '/oidc/auth/abc', clearSession: false },
    ],
    [
      { redirect_Uri: '/oidc/auth/abc', clearSession: true, userRequirements: [] },
      { kind: 'redirect', url: '/oidc/auth/abc', clearSession: true },
    ],
    [{ redirect_Uri: null, clearSession: false, userRequirements: [] }, { kind: 'login' }],
    [{ redirect_Uri: '', clearSession: false, userRequirements: [] }, { kind: 'login' }],
  ])('%j', (answer, outcome) => {
    expect(responseOutcome(answer)).toEqual(outcome);
  });
});

describe('responseFailure', () => {
  it('sends a user who is not signed in to log in', () => {
    expect(responseFailure(new ApiError('not_signed_in', 401))).toEqual({ kind: 'login' });
  });

  it('explains a missing request and shows the error screen for the rest', () => {
    expect(responseFailure(new ApiError('request_not_found', 404))).toEqual({
      kind: 'error',
      detail: errorCatalogue.request_not_found.message,
    });
    expect(responseFailure(new ApiError('step_not_allowed', 409))).toEqual({
      kind: 'error',
      detail: null,
    });
    expect(responseFailure(new TypeError('boom'))).toEqual({ kind: 'error', detail: null });
  });
});
