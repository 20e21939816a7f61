import {
  codeSentSchema,
  forgotPasswordVerifyResponseSchema,
  generateResponseSchema,
  loginResponseSchema,
  logoutStatusResponseSchema,
  okSchema,
  termsVersion,
  verifyResponseSchema,
  type LoginResponse,
} from '@verity/contracts';
import { postJson, type CallOptions, type Schema } from './client';

// The typed calls of sign-up, login, e-mail verification, password reset, the final
// response and logout (contracts/src/api/accounts.ts). Failures throw ApiError.

/** The answer a schema of contracts checks, without depending on zod here. */
type Answer<S extends Schema<unknown>> = ReturnType<S['parse']>;

type CodeSent = Answer<typeof codeSentSchema>;

/**
 * POST /api/register. With a password from /signup2, without from /verifyemail. The
 * terms are always accepted by the time this is called: the screens enforce the box.
 */
export function register(
  input: { email: string; password?: string; requestId: string | null },
  options?: CallOptions,
): Promise<CodeSent> {
  return postJson(
    '/api/register',
    {
      Email: input.email,
      ...(input.password === undefined ? {} : { Password: input.password }),
      TermsAccepted: true,
      TermsVersion: termsVersion,
      ...(input.requestId === null ? {} : { RequestId: input.requestId }),
    },
    codeSentSchema,
    options,
  );
}

/** POST /api/verify: the 6-digit code of the verification e-mail. */
export function verifyEmailCode(
  input: { email: string; code: string; requestId: string | null },
  options?: CallOptions,
): Promise<Answer<typeof verifyResponseSchema>> {
  return postJson(
    '/api/verify',
    {
      Email: input.email,
      Code: input.code,
      ...(input.requestId === null ? {} : { RequestId: input.requestId }),
    },
    verifyResponseSchema,
    options,
  );
}

/** POST /api/resend: a fresh verification code for an expired one. */
export function resendEmailCode(email: string, options?: CallOptions): Promise<CodeSent> {
  return postJson('/api/resend', { Email: email }, codeSentSchema, options);
}

/** POST /api/login/email */
export function loginWithEmail(
  input: { email: string; password: string; rememberMe: boolean; requestId: string | null },
  options?: CallOptions,
): Promise<LoginResponse> {
  return postJson(
    '/api/login/email',
    {
      Email: input.email,
      Password: input.password,
      RememberMe: input.rememberMe,
      ...(input.requestId === null ? {} : { RequestId: input.requestId }),
    },
    loginResponseSchema,
    options,
  );
}

/** POST /api/forgotpassword: the same answer whether or not the e-mail has an account. */
export function sendResetCode(email: string, options?: CallOptions): Promise<CodeSent> {
  return postJson('/api/forgotpassword', { Email: email }, codeSentSchema, options);
}

/** POST /api/forgotpassword/verifycode */
export function verifyResetCode(
  input: { email: string; code: string },
  options?: CallOptions,
): Promise<Answer<typeof forgotPasswordVerifyResponseSchema>> {
  return postJson(
    '/api/forgotpassword/verifycode',
    { Email: input.email, Code: input.code },
    forgotPasswordVerifyResponseSchema,
    options,
  );
}

/** POST /api/forgotpassword/reset: sets the new password with the token of the code. */
export function resetPassword(
  input: { email: string; resetToken: string; password: string },
  options?: CallOptions,
): Promise<Answer<typeof okSchema>> {
  return postJson(
    '/api/forgotpassword/reset',
    { Email: input.email, ResetToken: input.resetToken, Password: input.password },
    okSchema,
    options,
  );
}

/** POST /api/generateresponse: finishes the sign-in request, or says what is left. */
export function generateResponse(
  requestId: string,
  options?: CallOptions,
): Promise<Answer<typeof generateResponseSchema>> {
  return postJson('/api/generateresponse', { requestId }, generateResponseSchema, options);
}

/** POST /api/logoutstatus: where to go after logging out, if the client said so. */
export function logoutStatus(
  postLogoutRedirectUri: string | null,
  options?: CallOptions,
): Promise<Answer<typeof logoutStatusResponseSchema>> {
  return postJson(
    '/api/logoutstatus',
    postLogoutRedirectUri === null ? {} : { post_logout_redirect_uri: postLogoutRedirectUri },
    logoutStatusResponseSchema,
    options,
  );
}

/** POST /api/logoutconfirm: ends the Verity session. */
export function logoutConfirm(options?: CallOptions): Promise<Answer<typeof okSchema>> {
  return postJson('/api/logoutconfirm', undefined, okSchema, options);
}
