import { ApiError } from '../../api/client';

export type BankAccountFailure =
  | { kind: 'mismatch'; message: string }
  | { kind: 'kbv' }
  | { kind: 'details' }
  | { kind: 'login' }
  | { kind: 'network' }
  | { kind: 'failed'; message: string };

/**
 * What a failed POST /api/verifybankaccount means (spec, section 8): bankIdentityMismatch its
 * text with Return; bankVerificationFailed the questions at /Kbv; bankDetailsRequired the sort
 * code and account number form; bankApiError and any other code a failure with a retry, showing
 * the error's message (the server's, which is the catalogue's unless the server says more); no
 * answer at all a retry message, never a mismatch.
 */
export function bankAccountFailure(error: unknown): BankAccountFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'network' };
  switch (error.code) {
    case 'bankIdentityMismatch':
      return { kind: 'mismatch', message: error.message };
    case 'bankVerificationFailed':
      return { kind: 'kbv' };
    case 'bankDetailsRequired':
      return { kind: 'details' };
    case 'not_signed_in':
      return { kind: 'login' };
    default:
      return { kind: 'failed', message: error.message };
  }
}
