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
  // /metrics without the configured bearer token (METRICS_TOKEN); for scrapers, not people.
  metrics_token_invalid: {
    status: 401,
    message: 'Send the metrics token as a bearer token.',
  },
  request_not_found: {
    status: 404,
    message:
      'This sign-in request has expired or does not exist. Please start again from the service you came from.',
  },
  // The record tying the request to this browser is gone (the shared store lost it, e.g. a
  // Redis restart without persistence): reloading /requests/:id binds it again.
  request_binding_lost: {
    status: 409,
    message:
      'We lost track of this sign-in request for a moment. Please reload the page, or start again from the service you came from.',
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
  // A unique value the database already holds, where no route gives a more specific code.
  conflict: { status: 409, message: 'This has already been done or is already in use.' },
  earlier_step_required: {
    status: 409,
    message: 'Please finish the earlier steps of this sign-in first.',
  },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a while and try again.' },
  not_available: { status: 501, message: 'This feature is not available yet.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
  internal_error: { status: 500, message: 'Oops. Something went wrong please try again later.' },
  share_limit_reached: {
    status: 409,
    message: 'You have shared your identity with the most people allowed (4).',
  },
  already_shared: {
    status: 409,
    message: 'You have already shared your identity with this e-mail address.',
  },
  share_link_invalid: {
    status: 404,
    message: 'This link has expired or is not valid. Please ask the sender to share again.',
  },
  consent_not_found: {
    status: 404,
    message: 'You have not shared your details with this service.',
  },
  wrong_password: { status: 400, message: 'The password is incorrect.' },
  // Open banking (second document: bank selection errors and the bank account screen).
  unknown_bank: { status: 400, message: 'This bank is not offered.' },
  ob_state_invalid: {
    status: 400,
    message: 'This bank login has expired or was not started here. Please choose your bank again.',
  },
  NoBankAccounts: {
    status: 422,
    message:
      'The accounts you shared may be credit cards, loans or mortgages. Please select a bank account and try again.',
  },
  NoAccountNumber: {
    status: 422,
    message: 'Your bank did not return the account number. Please try another account.',
  },
  NoAccounts: {
    status: 422,
    message: 'No usable account was shared. Please select an account and try again.',
  },
  provider_error: {
    status: 502,
    message: 'Sorry, we were unable to contact your bank. Please try later.',
  },
  TEMPORARY_ERROR: {
    status: 503,
    message: 'Sorry, we were unable to contact your bank. Please try later.',
  },
  access_denied: { status: 400, message: 'The bank login was cancelled.' },
  NotAccountHolder: {
    status: 403,
    message:
      'We could not confirm that you are the holder of this bank account, so it cannot log you in. Joint accounts cannot be used to log in. Please log in another way.',
  },
  bank_login_not_linked: {
    status: 403,
    message: 'This bank account is not linked to an account here. Please log in first.',
  },
  bankIdentityMismatch: {
    status: 422,
    message:
      'Sorry we have been unable to verify your details match the bank you have logged in with. Unfortunately we are unable to verify your identity at this time.',
  },
  bankVerificationFailed: {
    status: 422,
    message: 'We could not verify this bank account. Please answer some questions instead.',
  },
  bankApiError: {
    status: 502,
    message: 'Sorry, we were unable to check your bank account. Please try again.',
  },
  social_provider_unavailable: {
    status: 404,
    message: 'This way of signing in is not available.',
  },
  social_state_mismatch: {
    status: 400,
    message: 'This sign-in attempt has expired or was started elsewhere. Please try again.',
  },
  social_provider_error: {
    status: 502,
    message: 'The provider could not sign you in. Please try again later.',
  },
  social_email_not_verified: {
    status: 400,
    message:
      'The provider has not verified your e-mail address. Verify it there, or sign up with your e-mail address and a password.',
  },
  social_signup_required: {
    status: 409,
    message: 'There is no account with this e-mail address yet. Sign up to create one.',
  },
  social_link_required: {
    status: 409,
    message:
      'An account with this e-mail address already exists. Log in with your password, then link this sign-in method from your account.',
  },
  social_identity_in_use: {
    status: 409,
    message: 'This account at the provider is already linked to another account.',
  },
  social_already_linked: {
    status: 409,
    message: 'You have already linked an account at this provider. Remove it first.',
  },
  last_signin_method: {
    status: 409,
    message: 'This is your only way to sign in, so it cannot be removed.',
  },
  recent_login_required: {
    status: 403,
    message: 'For your security, please log in again before changing how you sign in.',
  },
  second_factor_required: {
    status: 403,
    message: 'Please prove your second factor before changing how you sign in.',
  },
  second_factor_not_set_up: { status: 409, message: 'This sign-in method is not set up.' },
  second_factor_already_set_up: { status: 409, message: 'This sign-in method is already set up.' },
  last_second_factor_required: {
    status: 409,
    message:
      'This service requires a second factor: set up another method before removing this one.',
  },
  webauthn_failed: {
    status: 400,
    message: 'Your security key could not be checked. Please try again.',
  },
  second_factor_challenge_expired: {
    status: 400,
    message: 'This code has expired or was entered wrongly too often. Please start again.',
  },
  // Knowledge-based questions (second document, /Kbv), named as the spec names them.
  kbvChallengeFailed: {
    status: 403,
    message: 'Sorry we have been unable to verify your identity from your answers.',
  },
  kbvInsufficientQuestions: {
    status: 422,
    message: 'Sorry we do not hold enough information to ask you questions about your identity.',
  },
  kbvChallengeMismatch: { status: 409, message: 'These questions are out of date.' },
  kbvNoExistingChallenge: { status: 404, message: 'There are no questions waiting for answers.' },
  // Mobile contract (second document, error catalogue), named as the spec names them.
  mobileOperatorNotFound: {
    status: 422,
    message: 'No mobile operator has a contract for this number.',
  },
  mobileOperatorNotSupported: {
    status: 422,
    message: 'The mobile operator of this number cannot confirm contracts.',
  },
  mobileOperatorTemporaryUnavailable: {
    status: 503,
    message: 'The mobile operator cannot be reached at the moment.',
  },
  mobileOperatorNoMatch: {
    status: 422,
    message: 'The mobile contract of this number is not in your name.',
  },
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
  consent_signature_invalid: {
    status: 400,
    message: 'The signed consent does not match this request. Please try again.',
  },
  login_not_recent: {
    status: 400,
    message: 'Please log in again, then delete your account within 5 minutes.',
  },
  password_required: { status: 400, message: 'Please enter your password.' },
  share_not_found: {
    status: 404,
    message: 'You have not shared your identity with this person, or have withdrawn it already.',
  },
  second_factor_login_required: {
    status: 403,
    message: 'Please log in with your second factor to open your account.',
  },
  check_not_offered: {
    status: 409,
    message: 'This check is not available here. Please choose a different verification option.',
  },
  // A debit card where the request needs a credit card, or the other way round (issue 17):
  // an input to correct, answered before anything is counted; details say it by the number.
  card_type_not_accepted: {
    status: 400,
    message:
      'This kind of card is not the one needed here. Please choose a different verification option.',
  },
  // Issue 17: the three outcome classes of every identity check (docs/flows/identity-checks.md).
  check_record_not_found: {
    status: 404,
    message: 'We could not find a record with these details. Please check them and try again.',
  },
  identity_details_required: {
    status: 409,
    message: 'Please give your name and date of birth in your profile first.',
  },
  bankDetailsRequired: {
    status: 409,
    message: 'Please enter the sort code and account number of your current account.',
  },
  // A PIN secret-share authority running as its own service did not answer (issue 9).
  pin_authority_unavailable: {
    status: 503,
    message: 'PIN setup is not available at the moment. Please try again in a few minutes.',
  },
  // Cross-device PIN login (issue 9 item 7).
  pin_access_invalid: {
    status: 404,
    message: 'This access number is not valid, or it has expired.',
  },
  pin_access_used: {
    status: 409,
    message: 'This sign-in has already been approved, or it has ended.',
  },
  // Photos on the phone (issue 20, 'the app'): the link the desktop hands to the phone.
  photo_handoff_invalid: {
    status: 401,
    message: 'This link is not valid. Please scan the code on your computer again.',
  },
  photo_handoff_expired: {
    status: 410,
    message:
      'This link has expired or has been replaced. Please ask for a new code on your computer.',
  },
  photo_handoff_used: {
    status: 410,
    message: 'Your photos have been checked. Please go back to your computer to continue.',
  },
  photo_handoff_other_device: {
    status: 409,
    message:
      'This link has already been opened on another phone. Please ask for a new code on your computer.',
  },
  photo_handoff_request_required: {
    status: 409,
    message:
      'Photos on your phone are for a sign-in request. Please take or upload the photos on this computer.',
  },
  // Photo ID (issue 20): an image the user can fix by taking it again. Each is a counted try
  // (details: attemptsLeft, image 'document' or 'selfie'); none is a failed check.
  photo_unsupported_type: {
    status: 415,
    message:
      'This file is not a photo we can read. Please take the photo again, or choose a JPEG, PNG or WebP photo.',
  },
  photo_too_large: {
    status: 413,
    message:
      'This photo is too large (over 10 MB). Please take it again at a lower resolution, or choose a smaller file.',
  },
  photo_corrupt: {
    status: 400,
    message: 'This photo could not be opened. Please take it again, or choose another file.',
  },
  photo_too_small: {
    status: 422,
    message:
      'This photo is too small to read. Please take it again closer up, or choose a larger photo.',
  },
  photo_blurred: {
    status: 422,
    message:
      'This photo is blurred. Please hold the camera still, make sure it is in focus, and take it again.',
  },
  photo_glare: {
    status: 422,
    message:
      'There is glare on this photo. Please move away from direct light, tilt the document slightly, and take it again.',
  },
  photo_no_document: {
    status: 422,
    message:
      'We could not find the document in this photo. Please fit the whole page or card inside the photo, flat and straight, and take it again.',
  },
  photo_mrz_unreadable: {
    status: 422,
    message:
      'We could not read the two lines of letters and numbers at the bottom of the photo page. Please make sure they are in the photo, sharp and not covered, and take it again.',
  },
  photo_no_face: {
    status: 422,
    message:
      'We could not find a face in this photo. Please make sure the face is in the photo, well lit and not covered, and take it again.',
  },
  photo_several_faces: {
    status: 422,
    message:
      'There is more than one face in this photo. Please make sure only your face is in the picture, and take it again.',
  },
  // The document was read, but its details do not agree with one another (a misread).
  photo_details_inconsistent: {
    status: 422,
    message:
      'We could not read the details on your document clearly. Please take the photo again in good light.',
  },
  photo_document_expired: {
    status: 422,
    message:
      'This document has expired, so it cannot be used. Please choose a different verification option.',
  },
  photo_document_not_accepted: {
    status: 422,
    message:
      'We can only check UK passports and UK photocard driving licences. Please choose a different verification option.',
  },
  // The selfie is compared with the document's photo, taken first (and kept only until then).
  photo_document_required: {
    status: 409,
    message: 'Please take a photo of your document first, then your selfie.',
  },
  // One photo of a check at a time: another is still being checked for this user.
  photo_check_in_progress: {
    status: 409,
    message:
      'Your photo is still being checked. Please wait for the answer before sending another.',
  },
  // The document photographed again for the selfie is not the one checked before (a counted try).
  photo_document_not_same: {
    status: 422,
    message: 'This is not the document you used before. Please take a photo of the same document.',
  },
  // A photo check's vendor (PHOTO_ID_PROVIDER=vendor): no check of this request is waiting.
  photo_check_not_pending: {
    status: 404,
    message: 'There is no photo check waiting for an answer. Please send your photos again.',
  },
  // POST /api/photoid/webhook without the vendor's valid signature over the body.
  photo_webhook_signature_invalid: {
    status: 401,
    message: 'The notification is not signed with the expected key.',
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
