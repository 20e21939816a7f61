import type {
  Requirement,
  SecondFactorList,
  SecondFactorMethod,
  SecondFactorResult,
} from '@verity/contracts';
import { ApiError } from '../../api/client';
import { secondFactorCopy } from '../../copy/secondFactor';

export type Mode = 'setup' | 'login';

/**
 * Which mode /SecondFactor shows (first document, /SecondFactor): login when the request
 * waits on the second factor (or the page is /secondfactorlogin) and the user has a method;
 * otherwise set-up.
 */
export function pageMode(
  pathname: string,
  userReqs: readonly Requirement[],
  methods: readonly SecondFactorList[number][],
): Mode {
  if (methods.length === 0) return 'setup';
  const path = pathname.toLowerCase();
  if (path === '/secondfactorlogin') return 'login';
  if (path === '/webauthn') return 'setup';
  return userReqs.includes('loginWithSecondFactor') ? 'login' : 'setup';
}

/** The methods a login can use, each once, the first configured first (spec: login mode). */
export function loginMethods(methods: SecondFactorList): SecondFactorMethod[] {
  return [...new Set(methods.map((method) => method.authMethod))];
}

/** What is left after the second factor was set up or proved. */
export function afterSecondFactor(userReqs: readonly Requirement[]): Requirement[] {
  return userReqs.filter(
    (requirement) => requirement !== 'setupSecondFactor' && requirement !== 'loginWithSecondFactor',
  );
}

export type CodeOutcome =
  | { kind: 'done'; userRequirements: Requirement[] | null; recoveryCodes: string[] | null }
  | { kind: 'wrong' };

/** A code's answer: remainingAttempts means it was wrong (spec, section 4). */
export function codeOutcome(answer: SecondFactorResult): CodeOutcome {
  if (answer.remainingAttempts !== undefined) return { kind: 'wrong' };
  return {
    kind: 'done',
    userRequirements: answer.userRequirements ?? null,
    recoveryCodes: answer.recoveryCodes ?? null,
  };
}

/** The codes whose own catalogue message helps the user; anything else is the generic one. */
const explained = new Set([
  'rate_limited',
  'recent_login_required',
  'second_factor_required',
  'last_second_factor_required',
  'second_factor_challenge_expired',
  'second_factor_already_set_up',
  'second_factor_not_set_up',
  'request_not_found',
  'request_not_bound',
]);

export type CallFailure = { kind: 'login' } | { kind: 'message'; message: string };

/** What a failed call of this screen shows. */
export function callFailure(error: unknown): CallFailure {
  if (error instanceof ApiError) {
    if (error.code === 'not_signed_in') return { kind: 'login' };
    if (error.code === 'validation_failed')
      return { kind: 'message', message: secondFactorCopy.wrongCode };
    if (explained.has(error.code)) return { kind: 'message', message: error.message };
  }
  return { kind: 'message', message: secondFactorCopy.failed };
}
