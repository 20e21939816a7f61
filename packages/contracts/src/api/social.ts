import { z } from 'zod/mini';
import { termsVersion } from './accounts.js';
import { requestIdSchema, requirementSchema } from './requests.js';

/** The social login providers, in the order their buttons show. */
export const socialProviders = ['facebook', 'google', 'microsoft'] as const;
export const socialProviderSchema = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const socialProviderNames: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  google: 'Google',
  microsoft: 'Microsoft',
};

/** The popup (or, where popups are blocked, the whole page) comes back to this SPA route. */
export const socialCallbackPath = '/callback';

/** GET /api/login/providers: the providers this deployment has configured (no others show). */
export const socialProvidersResponseSchema = z.object({
  providers: z.array(socialProviderSchema),
});

/** The state Verity sent to the provider; it names one persisted sign-in attempt. */
const stateSchema = z.string().check(z.minLength(32), z.maxLength(128));

/** POST /api/login/{provider}/start: a new attempt; the browser goes to authorizationUrl. */
export const socialStartRequestSchema = z.strictObject({
  Purpose: z.enum(['login', 'link']),
  RequestId: z.optional(requestIdSchema),
  /** From /signup, with its terms box ticked: a new account may be created, accepting these terms. */
  TermsVersion: z.optional(z.literal(termsVersion)),
});

export const socialStartResponseSchema = z.object({
  authorizationUrl: z.string(),
  state: z.string(),
});

/** The provider's `iss` response parameter (RFC 9207), passed on when it sent one. */
const issSchema = z.optional(z.string().check(z.minLength(1), z.maxLength(2000)));

/** POST /api/login/{provider}: the spec's Code, RedirectUri and RequestId, plus the State. */
export const socialLoginRequestSchema = z.strictObject({
  Code: z.string().check(z.minLength(1), z.maxLength(2048)),
  RedirectUri: z.string().check(z.maxLength(2000)),
  RequestId: z.optional(requestIdSchema),
  State: stateSchema,
  Iss: issSchema,
});

export const socialLoginResponseSchema = z.object({
  email: z.string(),
  userRequirements: z.array(requirementSchema),
});

/** POST /api/account/signin-methods/{provider}: links the identity to the signed-in account. */
export const socialLinkRequestSchema = z.strictObject({
  Code: z.string().check(z.minLength(1), z.maxLength(2048)),
  RedirectUri: z.string().check(z.maxLength(2000)),
  State: stateSchema,
  Iss: issSchema,
});

export const signInMethodSchema = z.object({
  method: z.union([z.literal('password'), socialProviderSchema]),
  /** The e-mail the provider gave (social), or the account's (password). */
  email: z.nullable(z.string()),
  /** When it was set up (ISO 8601); null when unknown. */
  added: z.nullable(z.string()),
});

/** GET /api/account/signin-methods */
export const signInMethodsSchema = z.object({
  methods: z.array(signInMethodSchema),
  /** Configured providers not linked yet. */
  available: z.array(socialProviderSchema),
});

export type SignInMethod = z.infer<typeof signInMethodSchema>;
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
