import { ApiError } from '../../api/client';
import { accountsCopy } from '../../copy/accounts';

/** What went wrong with a code (second document, section 4: e-mail verification). */
export type CodeProblem =
  | { kind: 'invalidCode' }
  | { kind: 'codeExpiredCanResend' }
  | { kind: 'codeExpiredCannotResend' }
  | { kind: 'failed'; message: string };

export function codeProblem(error: unknown): CodeProblem {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'invalidCode':
      case 'codeExpiredCanResend':
      case 'codeExpiredCannotResend':
        return { kind: error.code };
      case 'rate_limited':
        // The server's message says to wait, which 'try again' alone would not.
        return { kind: 'failed', message: error.message };
      default:
        break;
    }
  }
  return { kind: 'failed', message: accountsCopy.verifyError };
}

/** The text shown for a problem: under the field (invalid code) or above the buttons. */
export function codeProblemMessage(problem: CodeProblem): string {
  switch (problem.kind) {
    case 'invalidCode':
      return accountsCopy.invalidCode;
    case 'codeExpiredCanResend':
      return accountsCopy.codeExpiredCanResend;
    case 'codeExpiredCannotResend':
      return accountsCopy.codeExpiredCannotResend;
    case 'failed':
      return problem.message;
  }
}
