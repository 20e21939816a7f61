import { z } from 'zod';

/** GET /api/account/consents: the clients this user agreed to share details with. */
export const accountConsentsSchema = z.object({
  consents: z.array(
    z.object({
      clientId: z.string(),
      clientName: z.string(),
      /** The titles of the details the client may receive, e.g. 'Given names'. */
      details: z.array(z.string()),
      /** When the consent was last given or extended, ISO 8601. */
      updated: z.string(),
    }),
  ),
});

/** POST /api/account/consents/revoke */
export const revokeConsentRequestSchema = z.strictObject({
  clientId: z.string().min(1).max(200),
});

/** POST /api/account/delete: the password again, so a forgotten open session cannot do it. */
export const deleteAccountRequestSchema = z.strictObject({
  Password: z.string().min(1, 'Required').max(1024),
});

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

export type AccountConsents = z.infer<typeof accountConsentsSchema>;
