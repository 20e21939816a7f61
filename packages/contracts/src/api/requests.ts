import { z } from 'zod';
import { requirements } from '../requirements.js';

export const requirementSchema = z.enum(requirements);

/** The request id is the oidc-provider Interaction uid. */
export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Not a request id');

export const requestParamsSchema = z.object({ requestId: requestIdSchema });

/**
 * POST /api/requests/:requestId (spec: request info response). `pinRequired` is the spec's
 * `{product}Required`; `registration` is the string 'true' when the client asked for sign-up.
 */
export const requestInfoSchema = z.object({
  sendResponse: z.boolean(),
  clientName: z.string(),
  clientLogo: z.string().nullable(),
  assuranceRequired: z.boolean(),
  sessionLifetime: z.number().int().positive().nullable(),
  loggedIn: z.boolean(),
  pinRequired: z.boolean(),
  theme: z.string(),
  userRequirements: z.array(requirementSchema),
  registration: z.enum(['true', 'false']),
  externalAuthentication: z.boolean(),
  email: z.string().nullable(),
  /** The client's id: the PIN scheme's customer id. */
  clientId: z.string().optional(),
});

export type RequestInfo = z.infer<typeof requestInfoSchema>;
