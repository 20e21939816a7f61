import { ApiError } from '../../api/client';
import { accountsCopy } from '../../copy/accounts';

/**
 * The danger box of a failed register call (second document, section 8). A weak password
 * and too many attempts keep the server's own message: it says what to do.
 */
export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'weak_password':
      case 'rate_limited':
        return error.message;
      default:
        break;
    }
  }
  return accountsCopy.registerError;
}
