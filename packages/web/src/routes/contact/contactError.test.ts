import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { contactErrorMessage } from './contactError';

describe('contactErrorMessage', () => {
  it("shows a refused form's message with each field's reason", () => {
    const error = new ApiError('validation_failed', 400, 'The request is not valid.', {
      email: 'Email is invalid',
    });
    expect(contactErrorMessage(error)).toBe(
      'The request is not valid. Your email: Email is invalid.',
    );
  });

  it("reads the server's schema issues as field reasons", () => {
    const error = new ApiError('validation_failed', 400, 'The request is not valid.', [
      { path: '/name', message: 'Required' },
    ]);
    expect(contactErrorMessage(error)).toBe('The request is not valid. Your name: Required.');
  });

  it("shows a refused form's message alone when there are no field details", () => {
    const error = new ApiError('validation_failed', 400, 'The request is not valid.');
    expect(contactErrorMessage(error)).toBe('The request is not valid.');
  });

  it("shows the server's message for too many messages", () => {
    const error = new ApiError('rate_limited', 429, 'Too many attempts.');
    expect(contactErrorMessage(error)).toBe('Too many attempts.');
  });

  it('shows the generic message for anything else', () => {
    expect(contactErrorMessage(new ApiError('internal_error', 0))).toBe(
      'Oops something went wrong, please try again later',
    );
    expect(contactErrorMessage(new Error('boom'))).toBe(
      'Oops something went wrong, please try again later',
    );
  });
});
