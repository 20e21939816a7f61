import {
  checkNames,
  fieldDefinitionSchema,
  profileClaims,
  builtInTheme,
  themeColourProblems,
  themeColours,
  type ThemeColours,
} from '@verity/contracts';
import { z } from 'zod';
import { assuranceLevels } from '../assurance/gpg45/levels.js';

/** A refresh token family's absolute lifetime when the client does not set one: 30 days. */
export const DEFAULT_REFRESH_TOKEN_LIFETIME = 30 * 24 * 3600;

/**
 * Verity's policy for one client: what it demands of users. Stored with the client now;
 * each setting takes effect when its feature lands (see the issue list in the README).
 */
/**
 * A client's own primary colour for each scheme (`--theme-primary`, `--theme-primary-dark`),
 * refused unless it reaches WCAG AA on both schemes' backgrounds and under button text
 * (docs/design.md). It overrides the colours of the named theme.
 */
export const themeColoursSchema = z
  .object({ primary: z.string(), primaryDark: z.string() })
  .superRefine(({ primary, primaryDark }, ctx) => {
    for (const message of themeColourProblems(primary, primaryDark))
      ctx.addIssue({ code: 'custom', message });
  });

export const clientPolicySchema = z.object({
  theme: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and hyphens')
    .default('default'),
  themeColours: themeColoursSchema.nullable().default(null),
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

/** The colours a client's pages use: its own if it set them, else its named theme's. */
export function clientThemeColours(policy: ClientPolicy): ThemeColours {
  return policy.themeColours
    ? themeColours(policy.themeColours.primary, policy.themeColours.primaryDark)
    : builtInTheme(policy.theme);
}
