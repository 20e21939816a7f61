import { z } from 'zod/mini';
import { checkNames } from '../checks.js';
import { requirementSchema } from './requests.js';

export const checkNameSchema = z.enum(checkNames);

const optionSchema = z.object({ checks: z.array(checkNameSchema), score: z.int() });

/**
 * GET /api/verification/:requestId (spec: assuranceRequirements and clientName), with the
 * options the server ranked for this user, the choice stored for the request, and the checks
 * this user has already passed.
 */
export const verificationInfoSchema = z.object({
  assuranceRequirements: z.array(z.array(checkNameSchema)),
  clientName: z.string(),
  options: z.array(optionSchema),
  assuranceChoice: z.array(checkNameSchema),
  completed: z.array(checkNameSchema),
});

export type VerificationInfo = z.infer<typeof verificationInfoSchema>;

/** POST /api/verification/:requestId/choice: the checks of one option (empty clears it). */
export const assuranceChoiceRequestSchema = z.strictObject({
  checks: z.array(checkNameSchema).check(z.maxLength(checkNames.length)),
});

export const assuranceChoiceSchema = z.object({
  assuranceChoice: z.array(checkNameSchema),
  userRequirements: z.array(requirementSchema),
});

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * Names may be longer than the rules take (nameMaxLength), so that a long one is refused next
 * to its field ('Surname must be 100 characters or fewer'), not as a malformed request.
 */
const name = text(200);

/** POST /api/verifypassport (spec: passport form). Dates are yyyy-mm-dd. */
export const passportRequestSchema = z.strictObject({
  number: text(20),
  surname: name,
  given: name,
  dob: text(10),
  expiry: text(10),
});

/** POST /api/verifydrivinglicence (spec: licence form). Dates are yyyy-mm-dd. */
export const licenceRequestSchema = z.strictObject({
  surname: name,
  given: name,
  dob: text(10),
  issue: text(10),
  expiry: text(10),
  number: text(40),
  postcode: text(16),
});

/** POST /api/verifycard (spec: card form). The number is never stored; only brand, type and last four. */
export const cardRequestSchema = z.strictObject({
  number: text(40),
  name: text(100),
  expiry: text(7),
});

/** POST /api/verifymobilecontract (spec: mobileNumber). */
export const mobileContractRequestSchema = z.strictObject({ mobileNumber: text(20) });

/**
 * The answer of every identity check: whether it verified the user, and what is still to do.
 * A check that could not verify the user is an answer too (verified false), not an error.
 */
export const checkResultSchema = z.object({
  check: checkNameSchema,
  verified: z.boolean(),
  userRequirements: z.array(requirementSchema),
  assuranceChoice: z.array(checkNameSchema),
});

export type CheckResult = z.infer<typeof checkResultSchema>;

/**
 * 202 from a photo check whose vendor answers later (PHOTO_ID_PROVIDER=vendor): the browser
 * waits and asks GET /api/photoid/status, which answers this again or the check's result.
 */
export const photoCheckPendingSchema = z.object({
  check: checkNameSchema,
  pending: z.literal(true),
});

export type PhotoCheckPending = z.infer<typeof photoCheckPendingSchema>;

/** A photo route's or the status poll's answer: the check's result, or still pending. */
export const photoAnswerSchema = z.union([checkResultSchema, photoCheckPendingSchema]);

/** POST /api/cancel (spec: redirect_Uri and state). */
export const cancelSchema = z.object({ redirect_Uri: z.string(), state: z.nullable(z.string()) });
