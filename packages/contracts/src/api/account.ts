import { z } from 'zod/mini';
import { socialProviderSchema } from './social.js';

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
      /** The last consent was signed with the user's PIN (a signing identity). */
      signedWithPin: z.optional(z.boolean()),
    }),
  ),
});

/** POST /api/account/consents/revoke */
export const revokeConsentRequestSchema = z.strictObject({
  clientId: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** How long a login confirms a deletion for an account without a password. */
export const DELETION_LOGIN_SECONDS = 300;

/**
 * POST /api/account/delete: the password again, so a forgotten open session cannot do it; an
 * account without a password (social sign-in only) confirms with a login in the last
 * DELETION_LOGIN_SECONDS instead.
 */
export const deleteAccountRequestSchema = z.union([
  z.strictObject({ Password: z.string().check(z.minLength(1, 'Required'), z.maxLength(1024)) }),
  z.strictObject({ RecentLogin: z.literal(true) }),
]);

/** GET /api/account/delete: how this account confirms a deletion. */
export const deleteAccountOptionsSchema = z.discriminatedUnion('confirmWith', [
  z.object({ confirmWith: z.literal('password') }),
  z.object({
    confirmWith: z.literal('recentLogin'),
    /** For how many more seconds the current login confirms a deletion; 0: log in again. */
    secondsLeft: z.int().check(z.minimum(0)),
    /** The linked providers the user can log in again with. */
    providers: z.array(socialProviderSchema),
  }),
]);

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

export type AccountConsents = z.infer<typeof accountConsentsSchema>;
export type DeleteAccountOptions = z.infer<typeof deleteAccountOptionsSchema>;
