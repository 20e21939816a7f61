import { isBankSelectionError } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { RequestTimedOut } from '../../api/openBanking';

export type CallbackFailure =
  | { kind: 'obselect'; error: string }
  | { kind: 'mismatch'; message: string }
  | { kind: 'kbv' }
  | { kind: 'login'; notLinked: boolean }
  | { kind: 'stateInvalid' }
  | { kind: 'network' };

/**
 * What a failed POST /api/login/obcallback leads to: the bank-selection errors back to
 * /obselect?error=; bankIdentityMismatch to its own screen; bankVerificationFailed to /Kbv; a
 * network failure or time-out to a message (never shown as a mismatch).
 */
export function callbackFailure(error: unknown): CallbackFailure {
  if (error instanceof RequestTimedOut) return { kind: 'network' };
  if (!(error instanceof ApiError)) return { kind: 'network' };
  if (error.status === 0) return { kind: 'network' };
  if (isBankSelectionError(error.code)) return { kind: 'obselect', error: error.code };
  switch (error.code) {
    case 'bankIdentityMismatch':
      return { kind: 'mismatch', message: error.message };
    case 'bankVerificationFailed':
      return { kind: 'kbv' };
    case 'not_signed_in':
      return { kind: 'login', notLinked: false };
    case 'bank_login_not_linked':
      return { kind: 'login', notLinked: true };
    case 'ob_state_invalid':
    case 'request_not_found':
    case 'request_not_bound':
    case 'validation_failed':
      return { kind: 'stateInvalid' };
    default:
      return { kind: 'obselect', error: 'provider_error' };
  }
}
