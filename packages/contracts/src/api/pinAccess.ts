import { z } from 'zod/mini';
import { requestIdSchema, requirementSchema } from './requests.js';
import { mpinIdSchema } from './pin.js';

// Cross-device PIN login (second document, 'PIN scheme calls': fetchaccessid, the access URL,
// pushauth, /verification and /verification/confirmation); docs/flows/pin-login.md.

const opaqueToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Expected a token'));
/** The spec's user id for a push: the user's e-mail address (or Verity user id). */
const prerollId = z.string().check(z.trim(), z.maxLength(254));
const deviceName = z.string().check(z.trim(), z.maxLength(100));

/** POST fetchaccessid: a waiting browser asks for an access number and QR code. */
export const pinAccessIdRequestSchema = z.nullish(
  z.strictObject({ prerollid: z.optional(prerollId), deviceName: z.optional(deviceName) }),
);
export const pinAccessIdResponseSchema = z.object({
  webOTT: z.string(),
  accessURL: z.string(),
  qrURL: z.string(),
  /** The number to type on the approving device, 8 digits. */
  accessNumber: z.string(),
  /** The QR code of qrURL, an SVG data URI. */
  qrImage: z.string(),
  expiresIn: z.int(),
});

/** POST pushauth: the waiting browser asks that user's devices for approval. */
export const pinPushAuthRequestSchema = z.strictObject({
  prerollid: z.optional(prerollId),
  deviceName: z.optional(deviceName),
});
export const pinPushAuthResponseSchema = z.object({
  webOTT: z.string(),
  accessURL: z.string(),
  /** Shown on the waiting browser, to compare with the number the approving device shows. */
  accessNumber: z.string(),
  expiresIn: z.int(),
});

export const pinAccessStatuses = ['new', 'scanned', 'approved', 'declined', 'expired'] as const;

/** POST accessURL: the waiting browser polls; 'approved' comes once, with the sign-in. */
export const pinAccessPollRequestSchema = z.strictObject({
  webOTT: opaqueToken,
  RequestId: z.optional(requestIdSchema),
});
export const pinAccessPollResponseSchema = z.object({
  status: z.enum(pinAccessStatuses),
  display: z.optional(z.string()),
  userRequirements: z.optional(z.array(requirementSchema)),
  /** The approving device allowed this browser to register its own PIN (/verification). */
  register: z.optional(z.boolean()),
});

/** The approving device opens a session by its QR link's access id or the typed number. */
export const pinAccessLookupRequestSchema = z.union([
  z.strictObject({ accessId: opaqueToken }),
  z.strictObject({
    accessNumber: z.pipe(
      z.pipe(
        z.string(),
        z.transform((value) => value.replace(/[\s-]/g, '')),
      ),
      z.string().check(z.regex(/^\d{8}$/, 'Enter the 8-digit access number')),
    ),
  }),
]);
/** What the approving user sees before entering the PIN. */
export const pinAccessDetailsSchema = z.object({
  accessId: z.string(),
  accessNumber: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** As the waiting browser described itself: not proof of anything. */
  deviceName: z.string(),
  /** The waiting browser's address equals this device's (a hint, never shown as proof). */
  sameNetwork: z.boolean(),
  /** Seconds since the waiting browser asked. */
  age: z.int(),
  push: z.boolean(),
});

/** pushauth requests waiting for an identity (customer-id header for its client). */
export const pinAccessPendingRequestSchema = z.strictObject({
  mpin_id: mpinIdSchema,
  publicKey: z.string().check(z.maxLength(192)),
});
export const pinAccessPendingResponseSchema = z.object({
  pending: z.array(pinAccessDetailsSchema),
});

/** The approving device binds its PIN proof (pass 2's authOTT) to the access session. */
export const pinAccessApproveRequestSchema = z.strictObject({
  accessId: opaqueToken,
  authOTT: opaqueToken,
});
export const pinAccessApproveResponseSchema = z.object({ status: z.literal('approved') });

/** The approving device's user refuses: the waiting browser's poll says 'declined'. */
export const pinAccessDeclineRequestSchema = z.strictObject({ accessId: opaqueToken });
export const pinAccessDeclineResponseSchema = z.object({ status: z.literal('declined') });

/** POST /verification: a PIN-signed-in device lets the new device sign in and register. */
export const pinVerificationRequestSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
  clientId: z.string().check(z.minLength(1), z.maxLength(255)),
  accessId: opaqueToken,
  deviceName: z.optional(deviceName),
});
export const pinVerificationResponseSchema = z.object({ status: z.literal('approved') });

/** POST /verification/confirmation: the new device, signed in, takes its activation code. */
export const pinVerificationConfirmationRequestSchema = z.strictObject({ webOTT: opaqueToken });
export const pinVerificationConfirmationResponseSchema = z.object({
  actToken: z.string(),
  userId: z.string(),
  display: z.string(),
  deviceName: z.string(),
});

export type PinAccessId = z.infer<typeof pinAccessIdResponseSchema>;
export type PinAccessPoll = z.infer<typeof pinAccessPollResponseSchema>;
export type PinAccessDetails = z.infer<typeof pinAccessDetailsSchema>;
