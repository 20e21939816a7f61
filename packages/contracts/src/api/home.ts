import { z } from 'zod/mini';
import { checkNameSchema } from './verification.js';

/** One verification as a person reads it (home page, shared identity page). */
export const verificationItemSchema = z.object({
  /** The check's people-facing label (check registry), never its internal name. */
  name: z.string(),
  /** What it verified and by what evidence: 'Name and date of birth verified from your passport'. */
  verified: z.string(),
  dateTime: z.string(),
});

/** GET /api/home: the signed-in user's recent activity and verifications. */
export const homeSchema = z.object({
  auditEvents: z.array(z.object({ title: z.string(), created: z.string() })),
  verification: z.array(
    z.extend(verificationItemSchema, {
      /** Which check, for /Verify to leave out what is done: an identifier, never shown. */
      check: checkNameSchema,
      /**
       * The check no longer counts and is offered again: too old, its document expired, or
       * (detailsChanged) about other details than the profile now holds.
       */
      expired: z.optional(z.boolean()),
      /**
       * Why it no longer counts: the person it verified is not the profile's name and birth
       * date any more (edited since), not its age; it counts again if the details are put back.
       */
      detailsChanged: z.optional(z.boolean()),
    }),
  ),
  /** Identity checks this deployment does not offer (no provider, SANDBOX_CHECKS off); absent when none. */
  unavailableChecks: z.optional(z.array(z.string())),
});

export type HomeInfo = z.infer<typeof homeSchema>;
