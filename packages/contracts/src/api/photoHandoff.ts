import { z } from 'zod/mini';
import { checkResultSchema } from './verification.js';

/**
 * The photo checks with 'the app' (issue 20): the desktop hands the photos over to the user's
 * phone with a single-use link (server: features/photoId/handoff*.ts; docs/flows/identity-checks.md,
 * 'Photos on the phone'). The link's token rides in the URL fragment, the calls carry it in the
 * Authorization header (`Handoff <token>`), never in the query string.
 */

/** The documents a phone can photograph; a selfie follows when the request's option has one. */
export const handoffDocumentSchema = z.enum(['GenuinePassport', 'GenuineDrivingLicence']);
export type HandoffDocument = z.infer<typeof handoffDocumentSchema>;

/** The phone's page; the token follows in the fragment. */
export const photoHandoffPage = '/photo';
/** The header the phone's calls carry after opening the link: the secret that binds the phone. */
export const handoffDeviceHeader = 'x-handoff-device';

/** POST /api/photoid/handoff?requestId= (desktop): a link for this document. */
export const photoHandoffCreateSchema = z.strictObject({ check: handoffDocumentSchema });

export const photoHandoffCreatedSchema = z.object({
  /** The short link, `${issuer}/photo#<token>`. */
  link: z.string(),
  /** The link as a QR code: an SVG data URL. */
  qr: z.string(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
});
export type PhotoHandoffCreated = z.infer<typeof photoHandoffCreatedSchema>;

/** GET /api/photoid/handoff/status?requestId= (desktop): where the phone is. */
export const photoHandoffStatusSchema = z.object({
  state: z.enum(['none', 'waiting', 'phone_opened', 'done', 'expired']),
  expiresAt: z.nullable(z.number()),
  /** The check's answer once the phone is done (the request's requirements as they are now). */
  result: z.optional(checkResultSchema),
});
export type PhotoHandoffStatus = z.infer<typeof photoHandoffStatusSchema>;

/** What the phone is to photograph, and how far it got. */
export const photoHandoffTaskSchema = z.object({
  check: handoffDocumentSchema,
  selfie: z.boolean(),
  /** The document passed on this phone, the selfie still to take. */
  documentDone: z.boolean(),
  expiresAt: z.number(),
});
export type PhotoHandoffTask = z.infer<typeof photoHandoffTaskSchema>;

/** POST /api/photoid/handoff/phone/open: the first phone to open the link is bound to it. */
export const photoHandoffOpenedSchema = z.object({
  ...photoHandoffTaskSchema.shape,
  /** Sent back in the x-handoff-device header on every later call. */
  device: z.string(),
});
export type PhotoHandoffOpened = z.infer<typeof photoHandoffOpenedSchema>;
