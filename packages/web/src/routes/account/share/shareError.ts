import { ApiError } from '../../../api/client';
import { shareCopy } from '../../../copy/account';
import { accountsCopy } from '../../../copy/accounts';

/** The message for a failed share: the server's words where they tell the user what to do. */
export function shareErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'already_shared':
      case 'rate_limited':
        return error.message;
      case 'share_limit_reached':
        return shareCopy.limitReached;
      case 'validation_failed':
        return accountsCopy.emailInvalid;
      default:
        break;
    }
  }
  return shareCopy.failed;
}
