import { z } from 'zod';

/** GET /api/home: the signed-in user's recent activity and verifications. */
export const homeSchema = z.object({
  auditEvents: z.array(z.object({ title: z.string(), created: z.string() })),
  verification: z.array(z.object({ name: z.string(), dateTime: z.string() })),
});

export type HomeInfo = z.infer<typeof homeSchema>;
