import { mpinIdSchema } from '@verity/contracts';
import { z } from 'zod';

/** The one call of a PIN authority service: POST ISSUE_PATH, signed (requestSigning.ts). */
export const ISSUE_PATH = '/v1/shares';

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

export const issueRequestSchema = z.strictObject({
  mpinId: mpinIdSchema,
  /** Pa = w·Q, the user's public key (a compressed G2 point). */
  publicKey: hex(192),
});

export const issueResponseSchema = z.strictObject({
  /** s_i·A (G1), for the browser. */
  clientShare: hex(96),
  /** s_i·Pa (G2), for the verifier only. */
  keyShare: hex(192),
});

/** The service's refusals: `{ error: { code, message } }` like Verity's own API. */
export const authorityErrorCodes = {
  unauthorized: 401,
  rate_limited: 429,
  validation_failed: 400,
  identity_not_fresh: 422,
  identity_conflict: 409,
  not_found: 404,
  internal_error: 500,
} as const;

export type AuthorityErrorCode = keyof typeof authorityErrorCodes;
