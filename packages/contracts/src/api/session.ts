import { z } from 'zod';

/** GET /api/session: who is signed in on this browser (drives the navigation bar). */
export const sessionSchema = z.object({
  loggedIn: z.boolean(),
  email: z.string().nullable(),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
