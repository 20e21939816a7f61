import { z } from 'zod/mini';
import { checkNames } from '../checks.js';
import { languages } from '../language.js';
import { requirements } from '../requirements.js';

export const requirementSchema = z.enum(requirements);

/** The request id is the oidc-provider Interaction uid. */
const hexColourSchema = z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'Not a #rrggbb colour'));

/** Not in the spec: a request's theme colours (docs/design.md), applied for that request only. */
export const themeColoursSchema = z.object({
  primary: hexColourSchema,
  primaryDark: hexColourSchema,
  onPrimary: hexColourSchema,
  onPrimaryDark: hexColourSchema,
});

export const requestIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{10,64}$/, 'Not a request id'));

export const requestParamsSchema = z.object({ requestId: requestIdSchema });

/**
 * POST /api/requests/:requestId (spec: request info response). `pinRequired` is the spec's
 * `{product}Required`; `registration` is the string 'true' when the client asked for sign-up.
 */
export const requestInfoSchema = z.object({
  sendResponse: z.boolean(),
  clientName: z.string(),
  clientLogo: z.nullable(z.string()),
  assuranceRequired: z.boolean(),
  sessionLifetime: z.nullable(z.int().check(z.positive())),
  loggedIn: z.boolean(),
  pinRequired: z.boolean(),
  theme: z.string(),
  userRequirements: z.array(requirementSchema),
  registration: z.enum(['true', 'false']),
  externalAuthentication: z.boolean(),
  email: z.nullable(z.string()),
  /** The client's id: the PIN scheme's customer id. */
  clientId: z.optional(z.string()),
  /**
   * Not in the spec: when assurance is required, the ways to meet it open to someone with no
   * evidence yet (the checks offered here, fewest first), for the sign-up page's side panel,
   * which a visitor reads before signing in (/VerifyOptions needs a signed-in user).
   */
  assuranceWays: z.optional(z.array(z.array(z.enum(checkNames)))),
  /**
   * Not in the spec: the colours of the client's theme, its own (`--theme-primary`) or those
   * of its named theme, with the button text for each; checked for contrast at registration.
   */
  themeColours: z.optional(themeColoursSchema),
  /**
   * Not in the spec: the language the client asked for with ui_locales, when one is
   * supported (the first supported of its list); the server has already remembered it for
   * this browser when the request started.
   */
  language: z.optional(z.enum(languages)),
});

export type RequestInfo = z.infer<typeof requestInfoSchema>;
