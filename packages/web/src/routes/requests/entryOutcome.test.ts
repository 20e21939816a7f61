import { errorCatalogue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { entryDestination, entryErrorDetail } from './entryOutcome';

const next = () => '/Consent';

describe('entryDestination', () => {
  it('sends a finished request straight back to the client', () => {
    expect(
      entryDestination({ sendResponse: true, registration: 'true', loggedIn: false }, next),
    ).toBe('/sendresponse');
  });

  it('opens sign-up when the client asks for it and nobody is signed in', () => {
    expect(
      entryDestination({ sendResponse: false, registration: 'true', loggedIn: false }, next),
    ).toBe('/signup');
  });

  it('opens the PIN login when the client demands it and nobody is signed in', () => {
    const pin = { sendResponse: false, userRequirements: ['loginWithMPin' as const] };
    expect(entryDestination({ ...pin, registration: 'false', loggedIn: false }, next)).toBe(
      '/mpinlogin',
    );
    expect(entryDestination({ ...pin, registration: 'true', loggedIn: false }, next)).toBe(
      '/signup',
    );
  });

  it('follows the next step otherwise', () => {
    expect(
      entryDestination({ sendResponse: false, registration: 'true', loggedIn: true }, next),
    ).toBe('/Consent');
    expect(
      entryDestination({ sendResponse: false, registration: 'false', loggedIn: false }, next),
    ).toBe('/Consent');
  });
});

describe('entryErrorDetail', () => {
  it("shows the answer's message for a missing or foreign request", () => {
    expect(entryErrorDetail(new ApiError('request_not_found', 404, 'Gone.'))).toBe('Gone.');
    const notBound = new ApiError('request_not_bound', 403);
    expect(entryErrorDetail(notBound)).toBe(errorCatalogue.request_not_bound.message);
    const lost = new ApiError('request_binding_lost', 409);
    expect(entryErrorDetail(lost)).toBe(errorCatalogue.request_binding_lost.message);
  });

  it('shows nothing more for any other failure', () => {
    expect(entryErrorDetail(new ApiError('internal_error', 0))).toBeNull();
    expect(entryErrorDetail(new ApiError('validation_failed', 400, 'Bad id'))).toBeNull();
    expect(entryErrorDetail(new TypeError('boom'))).toBeNull();
  });
});
