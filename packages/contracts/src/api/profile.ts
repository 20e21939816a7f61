import { z } from 'zod/mini';
import { fieldDefinitionSchema } from '../fields.js';
import { pinSignedMessageSchema } from './pin.js';
import { requestIdSchema, requirementSchema } from './requests.js';

/**
 * GET /api/profile: the fields the current request needs, known values as defaultValue, and
 * `verified` on a field whose value an identity check verified (issue 17): /Profile shows it as
 * verified and warns that changing it removes the verification until a check matches again.
 */
export const profileFieldSchema = z.extend(fieldDefinitionSchema, {
  verified: z.optional(z.boolean()),
});
export const profileFieldsSchema = z.array(profileFieldSchema);
export type ProfileField = z.infer<typeof profileFieldSchema>;

const addressValueSchema = z.strictObject({
  postcode: z.string().check(z.maxLength(16)),
  uprn: z.string().check(z.maxLength(32)),
  // Longer than the rules keep (addressTextMaxLength), so a long typed address is refused
  // next to its field by validateFieldValue, not as a malformed request.
  text: z.string().check(z.maxLength(2000)),
  picklist: z.boolean(),
});

/** POST /api/profile: values by field name (an address field's value is an object). */
export const profileValuesSchema = z
  .record(
    z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)),
    z.union([z.string().check(z.maxLength(2000)), addressValueSchema]),
  )
  .check(z.refine((values) => Object.keys(values).length <= 50, 'too many fields'));

export const stepDoneSchema = z.object({
  userRequirements: z.array(requirementSchema),
  /** Set when the step ended the request (a declined consent): go there. */
  redirect_Uri: z.nullable(z.string()),
});

/** GET /api/consent: what would be shared (spec: clientName and attributes). */
export const consentInfoSchema = z.object({
  clientName: z.string(),
  attributes: z.array(
    z.object({ name: z.string(), title: z.string(), type: z.string(), defaultValue: z.string() }),
  ),
  /** What a PIN signature of this consent signs (consentMessage), but its time. */
  toSign: z.object({
    clientId: z.string(),
    requestId: z.string(),
    userId: z.string(),
    claims: z.array(z.string()),
  }),
});

/**
 * POST /api/consent. With a signing identity the browser signs consentMessage(toSign,
 * signedAt) with token and PIN; the server checks it before the consent is given.
 */
export const consentDecisionSchema = z.strictObject({
  Approved: z.boolean(),
  signature: z.optional(pinSignedMessageSchema),
  signedAt: z.optional(z.string().check(z.maxLength(30))),
});

/** The sign-in request a step belongs to (the SPA names it; without it, the browser's latest). */
export const requestQuerySchema = z.object({ requestId: z.optional(requestIdSchema) });
