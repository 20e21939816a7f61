import { z } from 'zod/mini';
import { checkNames } from '../checks.js';
import type { FieldDefinition } from '../fields.js';
import { requestIdSchema, requirementSchema } from './requests.js';

/** A provider's display name: also its logo's address, /providers/{display_name}.svg. */
export const displayNameSchema = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9 &'.-]{0,59}$/, 'Not a bank'));

/** tl: the bank's page replaces Verity's; tk: it is shown in an embedded frame (425 by 725). */
export const obProviderTypeSchema = z.enum(['tl', 'tk']);
export type ObProviderType = z.infer<typeof obProviderTypeSchema>;

/** GET /api/ob/providers (spec: providers, each with display_name, and obProviderType). */
export const obProvidersResponseSchema = z.object({
  providers: z.array(z.object({ display_name: z.string(), obProviderType: obProviderTypeSchema })),
  /** The type of the first provider (the spec reads one type for the list). */
  obProviderType: z.nullable(obProviderTypeSchema),
});

/** POST /api/login/ob */
export const obLoginRequestSchema = z.strictObject({
  display_name: displayNameSchema,
  RequestId: z.optional(requestIdSchema),
});

/** GET /api/login/ob/tk and /api/login/ob/tl */
export const obLoginQuerySchema = z.object({
  display_name: displayNameSchema,
  RequestId: z.optional(requestIdSchema),
});

/** Where the bank's login is, and whether to show it in a frame rather than go there. */
export const obLoginResponseSchema = z.object({ url: z.string(), iFrame: z.boolean() });

/** POST /api/login/obcallback (spec: RequestId, code, id_token, state). */
export const obCallbackRequestSchema = z.strictObject({
  RequestId: z.optional(requestIdSchema),
  code: z.string().check(z.minLength(1), z.maxLength(2000)),
  id_token: z.optional(z.string().check(z.maxLength(8000))),
  state: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const obCallbackResponseSchema = z.object({
  email: z.string(),
  userRequirements: z.array(requirementSchema),
  /** After an OB check: the request's assurance choice as it now stands. */
  assuranceChoice: z.optional(z.array(z.enum(checkNames))),
});

/** The error query parameter of /obselect: the spec's bank-selection errors. */
export const bankSelectionErrors = [
  'NoBankAccounts',
  'NoAccountNumber',
  'NoAccounts',
  'TEMPORARY_ERROR',
  'INTERNAL_ERROR',
  'provider_error',
  'USER_CANCELLED',
  'AUTHENTICATION_ERROR',
  'access_denied',
  // Not in the spec: a bank login refused because the holder is not the linked user's.
  'NotAccountHolder',
] as const;

export type BankSelectionError = (typeof bankSelectionErrors)[number];

export function isBankSelectionError(value: unknown): value is BankSelectionError {
  return typeof value === 'string' && (bankSelectionErrors as readonly string[]).includes(value);
}

/**
 * The profile fields the Bank check asks for when no bank login showed an account (typed
 * sort code and account number; spaces and dashes allowed, the server checks the modulus).
 */
export const bankAccountFields: readonly FieldDefinition[] = [
  {
    name: 'sort_code',
    type: 'text',
    title: 'Sort code',
    validators: [{ type: 'regex', regex: '^\\s*\\d{2}[\\s-]?\\d{2}[\\s-]?\\d{2}\\s*$' }],
  },
  {
    name: 'account_number',
    type: 'text',
    title: 'Account number',
    validators: [{ type: 'regex', regex: '^\\s*\\d{3,4}[\\s-]?\\d{4}\\s*$' }],
  },
];

/** POST /api/verifybankaccount: nothing or {} (the known account), or a typed account. */
export const verifyBankAccountRequestSchema = z.nullish(
  z.strictObject({
    sort_code: z.optional(z.string().check(z.maxLength(20))),
    account_number: z.optional(z.string().check(z.maxLength(20))),
  }),
);
export type VerifyBankAccountRequest = z.infer<typeof verifyBankAccountRequestSchema>;
