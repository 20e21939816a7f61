import { z } from 'zod';

/** GET /api/session: who is signed in on this browser (drives the navigation bar). */
export const sessionSchema = z.object({
  loggedIn: z.boolean(),
  email: z.string().nullable(),
  /** True (else absent) when signed in, but the second factor is still to be proved for the account. */
  secondFactorRequired: z.boolean().optional(),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
