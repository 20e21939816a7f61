import { z } from 'zod/mini';

/** GET /api/session: who is signed in on this browser (drives the navigation bar). */
export const sessionSchema = z.object({
  loggedIn: z.boolean(),
  email: z.nullable(z.string()),
  /** True (else absent) when signed in, but the second factor is still to be proved for the account. */
  secondFactorRequired: z.optional(z.boolean()),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
