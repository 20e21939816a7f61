import { z } from 'zod/mini';
import { requestIdSchema, requirementSchema } from './requests.js';

// The PIN scheme's calls (second document, 'PIN scheme calls'), with the spec's field names.
// Points and scalars are lower-case hex; packages/pin checks them before any maths.

const hex = (max: number) =>
  z.string().check(z.maxLength(max), z.regex(/^(?:[0-9a-f]{2})+$/, 'Expected lower-case hex'));

/** mpin_id: the hex of the identity's JSON. */
export const mpinIdSchema = hex(2048);
const g1Schema = hex(96);
const g2Schema = hex(192);
const opaqueToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Expected a token'));

/**
 * POST /api/mpin/register: a signed-in user starts a PIN registration, or, with the activation
 * token of an /mpinsetup?acttoken= link, resumes the one it names (not used up until the PUT).
 */
export const pinRegistrationStartRequestSchema = z.nullish(
  z.object({ actToken: z.optional(opaqueToken) }),
); // Fastify hands a request without a body over as null

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
  pinLength: z.int(),
});

/** PUT registerURL */
export const pinRegisterRequestSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
  wid: z.optional(z.string().check(z.maxLength(200))),
  mobile: z.optional(z.union([z.literal(0), z.literal(1), z.boolean()])),
  deviceName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  activateCode: z.string().check(z.minLength(1), z.maxLength(200)),
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
  scope: z.optional(z.array(z.string().check(z.maxLength(50))).check(z.maxLength(5))),
  mpin_id: mpinIdSchema,
  dtas: z.optional(z.string().check(z.maxLength(500))),
  publicKey: g2Schema,
  UT: z.optional(z.string().check(z.maxLength(200))),
  U: g1Schema,
});
export const pinPass1ResponseSchema = z.object({ y: z.string() });

/** POST {mpinAuthServerURL}/pass2 */
export const pinPass2RequestSchema = z.strictObject({
  mpin_id: mpinIdSchema,
  V: g1Schema,
  WID: z.optional(z.string().check(z.maxLength(200))),
});
export const pinPass2ResponseSchema = z.object({ authOTT: z.string() });

/** POST authenticateURL */
export const pinAuthenticateRequestSchema = z.strictObject({
  authOTT: opaqueToken,
  RequestId: z.optional(requestIdSchema),
});
export const pinAuthenticateResponseSchema = z.object({
  display: z.string(),
  userRequirements: z.array(requirementSchema),
  /**
   * The identity's secret must be renewed first (no session yet): regOTT is a single-use,
   * short-lived token for signatureURL; the browser renews, then authenticates again.
   */
  renewSecret: z.optional(z.object({ regOTT: z.string() })),
  /** No signing identity from this identity yet: a single-use token for dvsRegURL. */
  dvsRegister: z.optional(z.object({ token: z.string() })),
});

/** POST dvsRegURL: a signing identity for the identity that logged in (its own key pair). */
export const pinDvsRegisterRequestSchema = z.strictObject({
  publicKey: g2Schema,
  deviceName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
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
  dtas: z.string().check(z.maxLength(500)),
});

export type PinClientSettings = z.infer<typeof pinClientSettingsSchema>;
export type PinRegistrationStart = z.infer<typeof pinRegistrationStartResponseSchema>;
export type PinRegisterResponse = z.infer<typeof pinRegisterResponseSchema>;
export type PinSignatureResponse = z.infer<typeof pinSignatureResponseSchema>;
export type PinAuthenticateResponse = z.infer<typeof pinAuthenticateResponseSchema>;
export type PinSignedMessage = z.infer<typeof pinSignedMessageSchema>;
