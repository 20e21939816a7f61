/**
 * The error-code catalogue. Every API error is `{ error: { code, message } }` with the
 * status listed here; the SPA switches on `code`, never on the message.
 */
export const errorCatalogue = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  malformed_json: { status: 400, message: 'The request body is not valid JSON.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as JSON.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  not_found: { status: 404, message: 'There is nothing at this address.' },
  method_not_allowed: { status: 405, message: 'This method is not allowed here.' },
  request_not_found: {
    status: 404,
    message:
      'This sign-in request has expired or does not exist. Please start again from the service you came from.',
  },
  request_not_bound: {
    status: 403,
    message:
      'This sign-in request was started in another browser. Please start again from the service you came from.',
  },
  cross_origin_request: {
    status: 403,
    message: 'This request came from another site and was refused.',
  },
  // The spec's e-mail code states (second document, /verifyemail), named as the spec names them.
  invalidCode: { status: 400, message: 'The code is incorrect, please try again.' },
  codeExpiredCanResend: { status: 400, message: 'The code has expired.' },
  codeExpiredCannotResend: { status: 400, message: 'The code has expired and cannot be resent.' },
  weak_password: { status: 400, message: 'Please choose a stronger password.' },
  not_signed_in: { status: 401, message: 'Please log in first.' },
  step_not_allowed: { status: 409, message: 'This step is not available now.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a while and try again.' },
  not_available: { status: 501, message: 'This feature is not available yet.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
  internal_error: { status: 500, message: 'Oops. Something went wrong please try again later.' },
  // The PIN scheme's status codes (issue 9): the browser acts on the status as the spec says.
  pin_wrong: { status: 401, message: 'Wrong PIN, please try again.' },
  pin_activation_invalid: { status: 403, message: 'The activation code is not valid.' },
  pin_registration_expired: {
    status: 404,
    message: 'The PIN registration has expired. Please start again.',
  },
  pin_auth_expired: { status: 408, message: 'The PIN login has expired. Please try again.' },
  pin_revoked: {
    status: 410,
    message:
      'You have used too many PIN attempts. We will need to re-verify you before you can login on this device.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function apiError(code: ErrorCode, message?: string, details?: unknown): ApiErrorBody {
  return {
    error: {
      code,
      message: message ?? errorCatalogue[code].message,
      ...(details === undefined ? {} : { details }),
    },
  };
}
