import { z } from 'zod/mini';
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
  .check(z.trim(), z.regex(/^\d{6}$/, 'The code should be 6 digits'));

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
export const recoveryCodeSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(20)),
    z.transform((code) => code.replace(/[\s-]/g, '').toLowerCase()),
  ),
  z.string().check(z.regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits')),
);

/** POST /api/recoverycodes/login */
export const recoveryCodeRequestSchema = z.strictObject({ Code: recoveryCodeSchema });

/**
 * The answer to a second-factor code (set-up or login). `remainingAttempts` means the code was
 * wrong (spec); otherwise the step is done and `userRequirements` is what is left. After the
 * first method is set up, `recoveryCodes` carries the recovery codes, shown only this once.
 */
export const secondFactorResultSchema = z.object({
  remainingAttempts: z.optional(z.int().check(z.minimum(0))),
  userRequirements: z.optional(z.array(requirementSchema)),
  recoveryCodes: z.optional(z.array(z.string())),
});

/** POST /api/recoverycodes: a fresh set (the old ones stop working), shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /api/recoverycodes: how many unused recovery codes are left. */
export const recoveryCodesLeftSchema = z.object({ remaining: z.int().check(z.minimum(0)) });

export type SecondFactorList = z.infer<typeof secondFactorListSchema>;
export type SecondFactorResult = z.infer<typeof secondFactorResultSchema>;

/** Spaces are ignored in phone numbers (spec, section 5). */
const withoutSpaces = (value: string) => value.replace(/\s+/g, '');

/** A voice number: 0, then 1 or 2, then 8 or 9 digits (a UK landline; spec, section 5). */
export const voiceNumberPattern = /^0[12]\d{8,9}$/;
/** An SMS number: 07 and 9 digits (a UK mobile; spec, section 5). */
export const mobileNumberPattern = /^07\d{9}$/;

export const voiceNumberSchema = z.pipe(
  z.pipe(z.string().check(z.maxLength(20)), z.transform(withoutSpaces)),
  z
    .string()
    .check(z.regex(voiceNumberPattern, 'Please enter a UK landline number, like 01632 960123')),
);

export const mobileNumberSchema = z.pipe(
  z.pipe(z.string().check(z.maxLength(20)), z.transform(withoutSpaces)),
  z
    .string()
    .check(z.regex(mobileNumberPattern, 'Please enter a UK mobile number, like 07700 900123')),
);

/** The lengths an SMS or voice code may have: 6 by default, 4 where the deployment allows it. */
export const phoneCodeLengths = [6, 4] as const;
export type PhoneCodeLength = (typeof phoneCodeLengths)[number];

/** A well-formed SMS or voice code of this length (spaces ignored by the caller). */
export function phoneCodePattern(length: PhoneCodeLength): RegExp {
  return new RegExp(`^\\d{${length}}$`);
}

/**
 * An SMS or voice code: digits. Its length is the deployment's (SECOND_FACTOR_CODE_LENGTH), so
 * the server checks that and names the length in its message.
 */
export const phoneCodeSchema = z
  .string()
  .check(z.trim(), z.maxLength(12), z.regex(/^\d+$/, 'The code should be digits only'));

/** POST /api/sms/startsetup and /api/voice/startsetup (the spec's field names). */
export const smsStartSetupSchema = z.strictObject({ mobileNumber: mobileNumberSchema });
export const voiceStartSetupSchema = z.strictObject({ PhoneNumber: voiceNumberSchema });

/** POST /api/sms/completesetup and /api/voice/completesetup: the number is the one the code was sent to. */
export const smsCompleteSetupSchema = z.strictObject({
  mobileNumber: mobileNumberSchema,
  Code: phoneCodeSchema,
});
export const voiceCompleteSetupSchema = z.strictObject({
  PhoneNumber: voiceNumberSchema,
  Code: phoneCodeSchema,
});

/** POST /api/sms/completelogin and /api/voice/completelogin */
export const phoneCodeRequestSchema = z.strictObject({ Code: phoneCodeSchema });

/**
 * A message's or call's delivery status (spec, section 4). SMS: delivered shows the code
 * entry. Voice: in-progress and completed show it. Busy, failed and no-answer end polling
 * with 'Try again'.
 */
export const deliveryStatuses = [
  'initiated',
  'queued',
  'sending',
  'sent',
  'delivered',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** The answer of start and pollstatus calls. */
export const deliveryStatusSchema = z.object({ status: z.enum(deliveryStatuses) });

/**
 * The answer of the startsetup and startlogin calls: the first status, and how many digits the
 * code sent has (SECOND_FACTOR_CODE_LENGTH), so the page asks for exactly that many.
 */
export const phoneCodeStartSchema = z.extend(deliveryStatusSchema, {
  codeLength: z.union(phoneCodeLengths.map((length) => z.literal(length))),
});
export type PhoneCodeStart = z.infer<typeof phoneCodeStartSchema>;

const base64url = z
  .string()
  .check(z.maxLength(16384), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url'));

/** POST /api/webauthn/startsetup and /startlogin: the options for the browser's WebAuthn call. */
export const webauthnOptionsSchema = z.object({
  /** The challenge, base64url (spec: challenge). */
  challenge: z.string(),
  /** The user handle (set-up) or the challenge's id (login) (spec: id). */
  id: z.string(),
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON. */
  options: z.record(z.string(), z.unknown()),
});

/** A WebAuthn credential as @simplewebauthn/browser gives it (spec: the completion payload). */
const credentialBase = {
  id: base64url.check(z.minLength(1), z.maxLength(1024)),
  rawId: base64url.check(z.minLength(1), z.maxLength(1024)),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
};

export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
  }),
});

export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(base64url),
  }),
});

/** POST /api/webauthn/completesetup: the key's name defaults to the e-mail. */
export const webauthnCompleteSetupSchema = z.strictObject({
  credential: registrationCredentialSchema,
  Name: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});

/** POST /api/webauthn/completelogin */
export const webauthnCompleteLoginSchema = z.strictObject({
  credential: authenticationCredentialSchema,
});

/** POST /api/webauthn/remove: which key (one of several); may be left out when there is one. */
export const webauthnRemoveSchema = z.pipe(
  z.transform((body: unknown) => body ?? {}),
  z.strictObject({ id: z.optional(z.string().check(z.maxLength(64))) }),
);
