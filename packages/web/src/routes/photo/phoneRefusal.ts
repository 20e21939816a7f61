import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';

/**
 * The desktop's step rules, applied to each of the phone's calls, refused it: the login the
 * link was made under no longer serves the request (signed out, too old, a second factor added
 * since) or an earlier step is outstanding again. Only the computer can put it right.
 */
const desktopStepCodes: ReadonlySet<string> = new Set([
  'not_signed_in',
  'second_factor_login_required',
  'earlier_step_required',
]);

/**
 * What stops the phone's page, said instead of the photo (table-tested): the link itself
 * refused (used, expired, replaced, another phone's, its request ended) in the server's words,
 * or the desktop's steps, back to the computer; null for anything the photo screen says.
 */
export function phoneRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (desktopStepCodes.has(error.code)) return checksCopy.phoneBackToComputer;
  if (error.code.startsWith('photo_handoff_') || error.code === 'request_not_found')
    return error.message;
  return null;
}
