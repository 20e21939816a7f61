import type { LoginResponse, Requirement } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { accountsCopy } from '../../copy/accounts';

export type LoginOutcome =
  | { kind: 'failed' }
  /** The account's e-mail was never verified: a fresh code was sent to it. */
  | { kind: 'verifyEmail'; email: string }
  | { kind: 'success'; email: string; userReqs: Requirement[] };

/** What the answer of POST /api/login/email means for the screen. */
export function loginOutcome(answer: LoginResponse, typedEmail: string): LoginOutcome {
  if (answer.failed) return { kind: 'failed' };
  const email = answer.email ?? typedEmail.trim();
  if (answer.verifyEmail) return { kind: 'verifyEmail', email };
  return { kind: 'success', email, userReqs: answer.userRequirements };
}

/**
 * The message for a login call that failed. An address that cannot be an account's reads as
 * the failed login: saying more would help a guesser. Too many attempts says to wait: the
 * password throttle delays an address without an account exactly as one with, so this tells
 * a guesser nothing, and tells the owner that even the right password must wait.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'rate_limited':
        return error.message;
      case 'validation_failed':
        return accountsCopy.loginFailed;
      default:
        break;
    }
  }
  return accountsCopy.loginError;
}
