import type { SocialProvider } from '@verity/contracts';
import { ApiError } from '../../api/client';
import type { SocialPurpose } from '../../api/social';
import { socialCopy } from '../../copy/social';

/** What the callback page found in its query string: the provider's answer for one state. */
export type ProviderResult =
  /** `iss`: the provider's RFC 9207 response parameter, when it sent one. */
  { state: string; code: string; iss?: string } | { state: string; error: 'cancelled' | 'failed' };

/** Name of the message the callback page sends to the page that opened the popup. */
export const SOCIAL_MESSAGE = 'verity-social-result';

/** Reads the provider's redirect (code and state, or an error and state); null without a state. */
export function readProviderResult(search: string): ProviderResult | null {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (!state) return null;
  const code = query.get('code');
  const iss = query.get('iss');
  if (code && !query.has('error')) return iss ? { state, code, iss } : { state, code };
  // RFC 6749 4.1.2.1: access_denied is the user saying no (Facebook adds error_reason).
  return { state, error: query.get('error') === 'access_denied' ? 'cancelled' : 'failed' };
}

/**
 * The callback's message, if it may be trusted: from this page's own origin, and for the
 * attempt this page started (its state). Anything else is ignored.
 */
export function acceptResult(
  event: { origin: string; data: unknown },
  ownOrigin: string,
  expectedState: string | null,
): ProviderResult | null {
  if (event.origin !== ownOrigin || expectedState === null) return null;
  const data = event.data as { type?: unknown; result?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== SOCIAL_MESSAGE) return null;
  const result = data.result as Partial<Record<'state' | 'code' | 'error' | 'iss', unknown>> | null;
  if (typeof result !== 'object' || result === null || result.state !== expectedState) return null;
  if (typeof result.code === 'string' && result.code !== '')
    return typeof result.iss === 'string'
      ? { state: expectedState, code: result.code, iss: result.iss }
      : { state: expectedState, code: result.code };
  if (result.error === 'cancelled' || result.error === 'failed')
    return { state: expectedState, error: result.error };
  return null;
}

/** A redirect (popup blocked) in progress: kept in sessionStorage for the callback page. */
export interface PendingRedirect {
  state: string;
  provider: SocialProvider;
  purpose: SocialPurpose;
}

// Logout clears it too (state/storage.ts).
export const PENDING_REDIRECT_KEY = 'socialRedirect';

export function readPendingRedirect(raw: string | null): PendingRedirect | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingRedirect>;
    if (
      typeof value.state === 'string' &&
      (value.provider === 'facebook' ||
        value.provider === 'google' ||
        value.provider === 'microsoft') &&
      (value.purpose === 'login' || value.purpose === 'link')
    )
      return { state: value.state, provider: value.provider, purpose: value.purpose };
  } catch {
    // not ours
  }
  return null;
}

/**
 * True when the server refused a change of sign-in methods because the login is not recent:
 * logging in again is the way on, so the page offers it next to the message.
 */
export function needsFreshLogin(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'recent_login_required';
}

/** The message for a failed social login or link. */
export function socialErrorMessage(provider: SocialProvider, error: unknown): string {
  if (error === 'cancelled') return socialCopy.cancelled(provider);
  if (error === 'failed') return socialCopy.providerError(provider);
  if (!(error instanceof ApiError)) return socialCopy.unknownError;
  switch (error.code) {
    case 'social_provider_error':
    case 'social_provider_unavailable':
      return socialCopy.providerError(provider);
    case 'social_email_not_verified':
      return socialCopy.emailNotVerified(provider);
    case 'social_state_mismatch':
      return socialCopy.stateMismatch;
    // The last three refuse a change of sign-in methods: the catalogue says what to do.
    case 'request_not_found':
    case 'request_not_bound':
    case 'recent_login_required':
    case 'second_factor_required':
    case 'second_factor_login_required':
      return error.message;
    case 'social_signup_required':
      return socialCopy.signupRequired(provider);
    case 'social_link_required':
      return socialCopy.linkRequired(provider);
    case 'social_identity_in_use':
      return socialCopy.identityInUse(provider);
    case 'social_already_linked':
      return socialCopy.alreadyLinked(provider);
    case 'last_signin_method':
      return socialCopy.lastMethod;
    default:
      return socialCopy.unknownError;
  }
}
