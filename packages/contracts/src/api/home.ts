import { z } from 'zod';
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
    verificationItemSchema.extend({
      /** Which check, for /Verify to leave out what is done: an identifier, never shown. */
      check: checkNameSchema,
      /** The check no longer counts (too old, or its document expired) and is offered again. */
      expired: z.boolean().optional(),
    }),
  ),
  /** Identity checks this deployment does not offer (no provider, SANDBOX_CHECKS off); absent when none. */
  unavailableChecks: z.array(z.string()).optional(),
});

export type HomeInfo = z.infer<typeof homeSchema>;
