import { z } from 'zod';
import { requirementSchema } from './requests.js';

/** The second-factor methods (spec: authMethod). */
export const secondFactorMethods = ['Sms', 'Voice', 'WebAuthn', 'Authenticator'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** GET /api/secondfactor: the user's methods, in the order they were set up. */
export const secondFactorListSchema = z.array(
  z.object({
    authMethod: z.enum(secondFactorMethods),
    displayName: z.string(),
    /** Names one method for removal (several security keys); not in the spec. */
    id: z.string(),
  }),
);

/** An authenticator-app code: exactly 6 digits (spec, section 5). */
export const authenticatorCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code should be 6 digits');

/** POST /api/authenticator/startsetup: the new secret, its otpauth URI and that URI as a QR code. */
export const authenticatorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** A data: URL of an SVG image. */
  qrCode: z.string(),
});

/** POST /api/authenticator/completesetup and /api/authenticator/login */
export const authenticatorCodeRequestSchema = z.strictObject({ Code: authenticatorCodeSchema });

/** A recovery code as shown: ten characters in two groups of five, case and dash ignored. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .max(20)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits'));

/** POST /api/recoverycodes/login */
export const recoveryCodeRequestSchema = z.strictObject({ Code: recoveryCodeSchema });

/**
 * The answer to a second-factor code (set-up or login). `remainingAttempts` means the code was
 * wrong (spec); otherwise the step is done and `userRequirements` is what is left. After the
 * first method is set up, `recoveryCodes` carries the recovery codes, shown only this once.
 */
export const secondFactorResultSchema = z.object({
  remainingAttempts: z.number().int().min(0).optional(),
  userRequirements: z.array(requirementSchema).optional(),
  recoveryCodes: z.array(z.string()).optional(),
});

/** POST /api/recoverycodes: a fresh set (the old ones stop working), shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /api/recoverycodes: how many unused recovery codes are left. */
export const recoveryCodesLeftSchema = z.object({ remaining: z.number().int().min(0) });

/** POST /api/webauthn/remove and others that name one method. */
export const removeSecondFactorRequestSchema = z.strictObject({
  id: z.string().max(64).optional(),
});

export type SecondFactorList = z.infer<typeof secondFactorListSchema>;
export type SecondFactorResult = z.infer<typeof secondFactorResultSchema>;
