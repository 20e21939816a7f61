import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';

export type CheckFailure =
  /** Nobody is signed in any more: log in. */
  | { kind: 'login' }
  /** The server refused some fields: each message goes next to its field. */
  | { kind: 'refused'; errors: Record<string, string> }
  | { kind: 'failed'; message: string }
  /** The profile lacks the name or birth date the check is matched with: the profile first. */
  | { kind: 'profile'; message: string };

function attemptsLeft(details: unknown): number | null {
  if (typeof details !== 'object' || details === null || !('attemptsLeft' in details)) return null;
  return typeof details.attemptsLeft === 'number' ? details.attemptsLeft : null;
}

function fieldMessages(details: unknown): Record<string, string> | null {
  if (typeof details !== 'object' || details === null) return null;
  const entries = Object.entries(details).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** What a failed identity-check call means for its screen. */
export function checkFailure(error: unknown): CheckFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: checksCopy.checkError };
  switch (error.code) {
    case 'not_signed_in':
      return { kind: 'login' };
    // card_type_not_accepted: the other kind of card than the client needs, said by the number.
    case 'validation_failed':
    case 'card_type_not_accepted': {
      const errors = fieldMessages(error.details);
      return errors ? { kind: 'refused', errors } : { kind: 'failed', message: error.message };
    }
    case 'step_not_allowed':
    case 'rate_limited':
    case 'check_not_offered':
      return { kind: 'failed', message: error.message };
    case 'identity_details_required':
      return { kind: 'profile', message: checksCopy.profileFirst };
    // No record with these details: the form stays as typed, to be checked and sent again.
    case 'check_record_not_found': {
      const left = attemptsLeft(error.details);
      const message =
        left === null
          ? checksCopy.noRecord
          : `${checksCopy.noRecord} ${checksCopy.triesLeft(left)}`;
      return { kind: 'failed', message };
    }
    case 'service_unavailable':
      return { kind: 'failed', message: checksCopy.serviceDown };
    default:
      return { kind: 'failed', message: checksCopy.checkError };
  }
}
