import { ApiError } from '../../api/client';
import { pinCopy } from '../../copy/pin';

export type PinLoginFailure = { kind: 'revoked' } | { kind: 'message'; message: string };

/**
 * What a failed PIN login shows (second document, section 8, 'Authenticate at login'): a 401
 * is 'Authentication Failed'; a 410 the revoked screen; anything else its own message.
 */
export function pinLoginFailure(failure: unknown): PinLoginFailure {
  if (failure instanceof ApiError && failure.status === 410) return { kind: 'revoked' };
  if (failure instanceof ApiError && failure.status === 401)
    return { kind: 'message', message: pinCopy.authenticationFailed };
  return { kind: 'message', message: failure instanceof Error ? failure.message : String(failure) };
}
