import { errorCatalogue, type RequestInfo } from '@verity/contracts';
import { ApiError } from '../../api/client';

/**
 * Where the request entry goes once the request info is stored: straight back to the
 * client, to sign-up when the client asked for it and nobody is signed in, or to the
 * next step.
 */
export function entryDestination(
  info: Pick<RequestInfo, 'sendResponse' | 'registration' | 'loggedIn'> &
    Partial<Pick<RequestInfo, 'userRequirements'>>,
  nextStep: () => string,
): string {
  if (info.sendResponse) return '/sendresponse';
  if (info.registration === 'true' && !info.loggedIn) return '/signup';
  if (!info.loggedIn && info.userRequirements?.includes('loginWithMPin')) return '/mpinlogin';
  return nextStep();
}

/** The errors whose own message helps the user: the request is gone, not theirs, or lost. */
const explainedCodes = new Set(['request_not_found', 'request_not_bound', 'request_binding_lost']);

/** What the error screen says under its heading, or null for the heading alone. */
export function entryErrorDetail(error: unknown): string | null {
  return error instanceof ApiError && explainedCodes.has(error.code) ? error.message : null;
}

/** Shown without a call for an address that cannot hold a request id. */
export const malformedRequestDetail = errorCatalogue.request_not_found.message;
