import { z } from 'zod';
import { requestIdSchema, requirementSchema } from './requests.js';

// The PIN scheme's calls (second document, 'PIN scheme calls'), with the spec's field names.
// Points and scalars are lower-case hex; packages/pin checks them before any maths.

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[0-9a-f]{2})+$/, 'Expected lower-case hex');

/** mpin_id: the hex of the identity's JSON. */
export const mpinIdSchema = hex(2048);
const g1Schema = hex(96);
const g2Schema = hex(192);
const opaqueToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Expected a token');

/**
 * POST /api/mpin/register: a signed-in user starts a PIN registration, or, with the activation
 * token of an /mpinsetup?acttoken= link, resumes the one it names (not used up until the PUT).
 */
export const pinRegistrationStartRequestSchema = z
  .object({ actToken: opaqueToken.optional() })
  .nullish(); // Fastify hands a request without a body over as null

export const pinRegistrationStartResponseSchema = z.object({
  actToken: z.string(),
  userId: z.string(),
  display: z.string(),
});

/** GET /api/mpin/rps/v2/clientSettings */
export const pinClientSettingsSchema = z.object({
  seedValue: z.string(),
  registerURL: z.string(),
  signatureURL: z.string(),
  mpinAuthServerURL: z.string(),
  authenticateURL: z.string(),
  dvsRegURL: z.string(),
  curve: z.string(),
  pinLength: z.number().int(),
});

/** PUT registerURL */
export const pinRegisterRequestSchema = z.strictObject({
  userId: z.string().min(1).max(200),
  wid: z.string().max(200).optional(),
  mobile: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  deviceName: z.string().trim().max(100).optional(),
  activateCode: z.string().min(1).max(200),
});
export const pinRegisterResponseSchema = z.object({
  mpinId: z.string(),
  regOTT: z.string(),
  active: z.boolean(),
});

/** GET signatureURL/{mpinId}?regOTT=...&publicKey=... (the first authority's share) */
export const pinSignatureQuerySchema = z.strictObject({
  regOTT: opaqueToken,
  publicKey: g2Schema,
});
export const pinSignatureResponseSchema = z.object({
  clientSecretShare: z.string(),
  curve: z.string(),
  dtas: z.string(),
  cs2url: z.string(),
  /** The mpin_id the shares are for: a renewal's new one (the browser keeps it). */
  mpin_id: mpinIdSchema,
});

/** GET cs2url (the second authority's share) */
export const pinClientSecretQuerySchema = z.strictObject({ token: opaqueToken });
export const pinClientSecretResponseSchema = z.object({ clientSecret: z.string() });

/** POST {mpinAuthServerURL}/pass1 */
export const pinPass1RequestSchema = z.strictObject({
  scope: z.array(z.string().max(50)).max(5).optional(),
  mpin_id: mpinIdSchema,
  dtas: z.string().max(500).optional(),
  publicKey: g2Schema,
  UT: z.string().max(200).optional(),
  U: g1Schema,
});
export const pinPass1ResponseSchema = z.object({ y: z.string() });

/** POST {mpinAuthServerURL}/pass2 */
export const pinPass2RequestSchema = z.strictObject({
  mpin_id: mpinIdSchema,
  V: g1Schema,
  WID: z.string().max(200).optional(),
});
export const pinPass2ResponseSchema = z.object({ authOTT: z.string() });

/** POST authenticateURL */
export const pinAuthenticateRequestSchema = z.strictObject({
  authOTT: opaqueToken,
  RequestId: requestIdSchema.optional(),
});
export const pinAuthenticateResponseSchema = z.object({
  display: z.string(),
  userRequirements: z.array(requirementSchema),
  /**
   * The identity's secret must be renewed first (no session yet): regOTT is a single-use,
   * short-lived token for signatureURL; the browser renews, then authenticates again.
   */
  renewSecret: z.object({ regOTT: z.string() }).optional(),
  /** No signing identity from this identity yet: a single-use token for dvsRegURL. */
  dvsRegister: z.object({ token: z.string() }).optional(),
});

/** POST dvsRegURL: a signing identity for the identity that logged in (its own key pair). */
export const pinDvsRegisterRequestSchema = z.strictObject({
  publicKey: g2Schema,
  deviceName: z.string().trim().max(100).optional(),
  dvsRegisterToken: opaqueToken,
});
export const pinDvsRegisterResponseSchema = z.object({ mpinId: z.string(), regOTT: z.string() });

/** A message signed with token and PIN (the spec's signed message output). */
export const pinSignedMessageSchema = z.strictObject({
  hash: hex(64),
  u: g1Schema,
  v: g1Schema,
  mpinId: mpinIdSchema,
  publicKey: g2Schema,
  dtas: z.string().max(500),
});

export type PinClientSettings = z.infer<typeof pinClientSettingsSchema>;
export type PinRegistrationStart = z.infer<typeof pinRegistrationStartResponseSchema>;
export type PinRegisterResponse = z.infer<typeof pinRegisterResponseSchema>;
export type PinSignatureResponse = z.infer<typeof pinSignatureResponseSchema>;
export type PinAuthenticateResponse = z.infer<typeof pinAuthenticateResponseSchema>;
export type PinSignedMessage = z.infer<typeof pinSignedMessageSchema>;
