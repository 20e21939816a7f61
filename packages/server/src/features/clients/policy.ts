import { checkNames, fieldDefinitionSchema, profileClaims } from '@verity/contracts';
import { z } from 'zod';
import { assuranceLevels } from '../assurance/gpg45/levels.js';

/** A refresh token family's absolute lifetime when the client does not set one: 30 days. */
export const DEFAULT_REFRESH_TOKEN_LIFETIME = 30 * 24 * 3600;

/**
 * Verity's policy for one client: what it demands of users. Stored with the client now;
 * each setting takes effect when its feature lands (see the issue list in the README).
 */
export const clientPolicySchema = z.object({
  theme: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and hyphens')
    .default('default'),
  requireSecondFactor: z.boolean().default(false),
  requirePin: z.boolean().default(false),
  claims: z.array(z.enum(profileClaims)).default([]),
  customClaims: z.array(fieldDefinitionSchema).default([]),
  /** Alternatives, each a list of check names; meeting any one alternative is enough. */
  assurance: z.array(z.array(z.enum(checkNames)).min(1)).default([]),
  /** A GPG45 confidence (P1, P2), met by any profile it lists (GOV.UK's Vots): an alternative to the lists. */
  assuranceLevel: z.enum(assuranceLevels).nullable().default(null),
  skipConsent: z.boolean().default(false),
  allowBankLogin: z.boolean().default(false),
  /** Seconds a Verity session for this client lasts; null means the server default. */
  sessionLifetime: z
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .nullable()
    .default(null),
  /**
   * Seconds a refresh token family lives, counted from the sign-in that started it: rotation
   * does not extend it (RFC 9700 §4.14.2). Each token of the family also dies after
   * REFRESH_TOKEN_IDLE_SECONDS unused.
   */
  refreshTokenLifetime: z
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(DEFAULT_REFRESH_TOKEN_LIFETIME),
});

export type ClientPolicy = z.infer<typeof clientPolicySchema>;
