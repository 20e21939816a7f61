import { ApiError } from '../../api/client';

/** What a failed reset call means for the screen (first document, section 8). */
export type ResetProblem =
  /** The code, or the token it gave, is wrong or no longer valid. */
  | { kind: 'invalidCode' }
  /** The server refused the password; its message says why. */
  | { kind: 'weakPassword'; message: string }
  /** Anything else: the generic error screen. */
  | { kind: 'error' };

export function resetProblem(error: unknown): ResetProblem {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'invalidCode':
      case 'codeExpiredCanResend':
      case 'codeExpiredCannotResend':
        return { kind: 'invalidCode' };
      case 'weak_password':
        return { kind: 'weakPassword', message: error.message };
      default:
        break;
    }
  }
  return { kind: 'error' };
}
