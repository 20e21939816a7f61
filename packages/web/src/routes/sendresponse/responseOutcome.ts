import type { Requirement } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { entryErrorDetail } from '../requests/entryOutcome';

export interface GeneratedResponse {
  redirect_Uri: string | null;
  clearSession: boolean;
  userRequirements: Requirement[];
}

export type ResponseOutcome =
  /** Something is still to do: store it and go to the next step. */
  | { kind: 'nextStep'; userReqs: Requirement[] }
  /** Back to the client (through the provider's resume address). */
  | { kind: 'redirect'; url: string; clearSession: boolean }
  /** No response to send (spec: no code, so /login). */
  | { kind: 'login' };

/** What the answer of POST /api/generateresponse means (first document, send-response outcome). */
export function responseOutcome(answer: GeneratedResponse): ResponseOutcome {
  if (answer.userRequirements.length > 0) {
    return { kind: 'nextStep', userReqs: answer.userRequirements };
  }
  if (answer.redirect_Uri) {
    return { kind: 'redirect', url: answer.redirect_Uri, clearSession: answer.clearSession };
  }
  return { kind: 'login' };
}

export type ResponseFailure = { kind: 'login' } | { kind: 'error'; detail: string | null };

/** A failed call: nobody signed in goes to log in; anything else is the error screen. */
export function responseFailure(error: unknown): ResponseFailure {
  if (error instanceof ApiError && error.code === 'not_signed_in') return { kind: 'login' };
  return { kind: 'error', detail: entryErrorDetail(error) };
}
