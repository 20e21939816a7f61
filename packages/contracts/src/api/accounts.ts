import { z } from 'zod';
import { requirementSchema, requestIdSchema } from './requests.js';

/** The version of the terms a user accepts; bump it when /terms changes. */
export const termsVersion = '2026-11-01';

/** The spec's e-mail pattern: something@something.tld, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(emailPattern, 'Email is invalid')
  .transform((email) => email.toLowerCase());

export const passwordSchema = z.string().min(1).max(256);

/** A 6-digit code sent by e-mail (verification and password reset). */
export const emailCodeSchema = z
  .string()
  .regex(/^\d+$/, 'The code should be numbers only')
  .length(6, 'The code should be 6 digits long');

const optionalRequestId = requestIdSchema.optional();

/** POST /api/register: with Password from /signup2 (a password account), without from /verifyemail. */
export const registerRequestSchema = z.strictObject({
  Email: emailSchema,
  Password: passwordSchema.optional(),
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
  RememberMe: z.boolean().optional(),
});

export const loginResponseSchema = z.object({
  failed: z.boolean(),
  /** The account's e-mail is not verified yet: a code was sent, go to /verifyemail. */
  verifyEmail: z.boolean().optional(),
  email: z.string().optional(),
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
  resetToken: z.string().optional(),
});

/** POST /api/forgotpassword/reset: the final step, setting the new password. */
export const resetPasswordRequestSchema = z.strictObject({
  Email: emailSchema,
  ResetToken: z.string().min(20).max(200),
  Password: passwordSchema,
});

export const okSchema = z.object({ status: z.literal('ok') });

/** POST /api/generateresponse */
export const generateResponseRequestSchema = z.strictObject({ requestId: requestIdSchema });

export const generateResponseSchema = z.object({
  redirect_Uri: z.string().nullable(),
  clearSession: z.boolean(),
  userRequirements: z.array(requirementSchema),
});

/** POST /api/logoutstatus */
export const logoutStatusRequestSchema = z.strictObject({
  post_logout_redirect_uri: z.string().max(2000).optional(),
});
export const logoutStatusResponseSchema = z.object({ postLogoutUrl: z.string().nullable() });

export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
