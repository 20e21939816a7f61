import { z } from 'zod';

/** GET /api/home: the signed-in user's recent activity and verifications. */
export const homeSchema = z.object({
  auditEvents: z.array(z.object({ title: z.string(), created: z.string() })),
  verification: z.array(
    z.object({
      name: z.string(),
      dateTime: z.string(),
      /** The check no longer counts (too old, or its document expired) and is offered again. */
      expired: z.boolean().optional(),
    }),
  ),
  /** Identity checks this deployment does not offer (no provider, SANDBOX_CHECKS off); absent when none. */
  unavailableChecks: z.array(z.string()).optional(),
});

export type HomeInfo = z.infer<typeof homeSchema>;
