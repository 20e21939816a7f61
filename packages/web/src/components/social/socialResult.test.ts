import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { socialCopy } from '../../copy/social';
import {
  acceptResult,
  needsFreshLogin,
  readPendingRedirect,
  readProviderResult,
  SOCIAL_MESSAGE,
  socialErrorMessage,
} from './socialResult';

const origin = 'https://id.example';
const state = 's'.repeat(43);
const message = (result: unknown, from = origin) => ({
  origin: from,
  data: { type: SOCIAL_MESSAGE, result },
});

describe('readProviderResult', () => {
  it.each([
    ['?code=abc&state=xyz', { state: 'xyz', code: 'abc' }],
    [
      '?code=abc&state=xyz&iss=https%3A%2F%2Fidp',
      { state: 'xyz', code: 'abc', iss: 'https://idp' },
    ],
    [
      '?error=access_denied&error_reason=user_denied&state=xyz',
      { state: 'xyz', error: 'cancelled' },
    ],
    ['?error=server_error&state=xyz', { state: 'xyz', error: 'failed' }],
    ['?code=abc&error=server_error&state=xyz', { state: 'xyz', error: 'failed' }],
    ['?state=xyz', { state: 'xyz', error: 'failed' }],
    ['?code=abc', null],
    ['', null],
  ])('%s → %o', (search, expected) => {
    expect(readProviderResult(search)).toEqual(expected);
  });
});

describe('acceptResult', () => {
  it.each([
    ['its own origin and state', message({ state, code: 'c' }), state, { state, code: 'c' }],
    ['with iss', message({ state, code: 'c', iss: 'i' }), state, { state, code: 'c', iss: 'i' }],
    ['a cancel', message({ state, error: 'cancelled' }), state, { state, error: 'cancelled' }],
    ['a foreign origin', message({ state, code: 'c' }, 'https://evil.example'), state, null],
    ['a lookalike origin', message({ state, code: 'c' }, 'https://id.example.evil'), state, null],
    ['another state', message({ state: 'other', code: 'c' }), state, null],
    ['no attempt in progress', message({ state, code: 'c' }), null, null],
    [
      'another message type',
      { origin, data: { type: 'x', result: { state, code: 'c' } } },
      state,
      null,
    ],
    ['no data', { origin, data: null }, state, null],
    ['an empty code', message({ state, code: '' }), state, null],
    ['an unknown error', message({ state, error: 'boom' }), state, null],
  ])('%s', (_name, event, expected, answer) => {
    expect(acceptResult(event, origin, expected)).toEqual(answer);
  });
});

describe('readPendingRedirect', () => {
  it.each([
    [
      JSON.stringify({ state, provider: 'google', purpose: 'login' }),
      { state, provider: 'google', purpose: 'login' },
    ],
    [JSON.stringify({ state, provider: 'twitter', purpose: 'login' }), null],
    [JSON.stringify({ state, provider: 'google', purpose: 'admin' }), null],
    ['not json', null],
    [null, null],
  ])('%s', (raw, expected) => {
    expect(readPendingRedirect(raw)).toEqual(expected);
  });
});

describe('socialErrorMessage', () => {
  it.each([
    ['cancelled', socialCopy.cancelled('google')],
    ['failed', socialCopy.providerError('google')],
    [new ApiError('social_provider_error', 502), socialCopy.providerError('google')],
    [new ApiError('social_email_not_verified', 400), socialCopy.emailNotVerified('google')],
    [new ApiError('social_state_mismatch', 400), socialCopy.stateMismatch],
    [new ApiError('social_link_required', 409), socialCopy.linkRequired('google')],
    [new ApiError('social_signup_required', 409), socialCopy.signupRequired('google')],
    [new ApiError('social_identity_in_use', 409), socialCopy.identityInUse('google')],
    [new ApiError('last_signin_method', 409), socialCopy.lastMethod],
    [
      new ApiError('recent_login_required', 403),
      'For your security, please log in again before changing how you sign in.',
    ],
    [
      new ApiError('second_factor_required', 403),
      'Please prove your second factor before changing how you sign in.',
    ],
    [new ApiError('internal_error', 500), socialCopy.unknownError],
    [new Error('network'), socialCopy.unknownError],
  ])('%s', (error, expected) => {
    expect(socialErrorMessage('google', error)).toBe(expected);
  });
});

describe('needsFreshLogin', () => {
  it.each<[unknown, boolean]>([
    [new ApiError('recent_login_required', 403), true],
    // A second factor to prove, or no session at all, is not mended by a fresh login here.
    [new ApiError('second_factor_required', 403), false],
    [new ApiError('not_signed_in', 401), false],
    [new ApiError('last_signin_method', 409), false],
    ['cancelled', false],
    [new Error('recent_login_required'), false],
    [null, false],
  ])('%s', (error, expected) => {
    expect(needsFreshLogin(error)).toBe(expected);
  });
});
