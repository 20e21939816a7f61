import { z } from 'zod/mini';
import { requirementSchema, requestIdSchema } from './requests.js';

/** The version of the terms a user accepts; bump it when /terms changes. */
export const termsVersion = '2026-11-01';

/** The spec's e-mail pattern: something@something.tld, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(254), z.regex(emailPattern, 'Email is invalid')),
  z.transform((email) => email.toLowerCase()),
);

export const passwordSchema = z.string().check(z.minLength(1), z.maxLength(256));

/** A 6-digit code sent by e-mail (verification and password reset). */
export const emailCodeSchema = z
  .string()
  .check(
    z.regex(/^\d+$/, 'The code should be numbers only'),
    z.length(6, 'The code should be 6 digits long'),
  );

const optionalRequestId = z.optional(requestIdSchema);

/** POST /api/register: with Password from /signup2 (a password account), without from /verifyemail. */
export const registerRequestSchema = z.strictObject({
  Email: emailSchema,
  Password: z.optional(passwordSchema),
  TermsAccepted: z.literal(true, { error: 'The terms and conditions must be accepted' }),
  TermsVersion: z.literal(termsVersion),
  RequestId: optionalRequestId,
});

/** The same answer whether or not the e-mail already had an account. */
export const codeSentSchema = z.object({ status: z.literal('codeSent') });

/** POST /api/verify */
export const verifyRequestSchema = z.strictObject({
  Email: emailSchema,
  Code: emailCodeSchema,
  RequestId: optionalRequestId,
});

export const verifyResponseSchema = z.object({
  valid: z.literal(true),
  email: z.string(),
  userRequirements: z.array(requirementSchema),
});

/** POST /api/resend */
export const resendRequestSchema = z.strictObject({ Email: emailSchema });

/** POST /api/login/email */
export const emailLoginRequestSchema = z.strictObject({
  Email: emailSchema,
  Password: passwordSchema,
  RequestId: optionalRequestId,
  RememberMe: z.optional(z.boolean()),
});

export const loginResponseSchema = z.object({
  failed: z.boolean(),
  /** The account's e-mail is not verified yet: a code was sent, go to /verifyemail. */
  verifyEmail: z.optional(z.boolean()),
  email: z.optional(z.string()),
  userRequirements: z.array(requirementSchema),
});

/** POST /api/forgotpassword */
export const forgotPasswordRequestSchema = z.strictObject({ Email: emailSchema });

/** POST /api/forgotpassword/verifycode */
export const forgotPasswordVerifyRequestSchema = z.strictObject({
  Email: emailSchema,
  Code: emailCodeSchema,
});

export const forgotPasswordVerifyResponseSchema = z.object({
  invalidCode: z.boolean(),
  /** Present when the code was right: proves it for the final step. */
  resetToken: z.optional(z.string()),
});

/** POST /api/forgotpassword/reset: the final step, setting the new password. */
export const resetPasswordRequestSchema = z.strictObject({
  Email: emailSchema,
  ResetToken: z.string().check(z.minLength(20), z.maxLength(200)),
  Password: passwordSchema,
});

export const okSchema = z.object({ status: z.literal('ok') });

/** POST /api/generateresponse */
export const generateResponseRequestSchema = z.strictObject({ requestId: requestIdSchema });

export const generateResponseSchema = z.object({
  redirect_Uri: z.nullable(z.string()),
  clearSession: z.boolean(),
  userRequirements: z.array(requirementSchema),
});

/** POST /api/logoutstatus */
export const logoutStatusRequestSchema = z.strictObject({
  post_logout_redirect_uri: z.optional(z.string().check(z.maxLength(2000))),
});
export const logoutStatusResponseSchema = z.object({ postLogoutUrl: z.nullable(z.string()) });

export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
