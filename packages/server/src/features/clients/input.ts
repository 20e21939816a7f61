import { z } from 'zod';
import { clientPolicySchema } from './policy.js';

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Absolute, no fragment, https except on loopback (RFC 9700 §2.1, RFC 8252 §7.3). */
const redirectUri = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `${value} is not an absolute URL` });
    return;
  }
  if (url.hash) ctx.addIssue({ code: 'custom', message: `${value} must not contain a fragment` });
  if (url.protocol === 'http:' && !loopback.has(url.hostname)) {
    ctx.addIssue({
      code: 'custom',
      message: `${value} must use https (plain http only on localhost)`,
    });
  } else if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `${value} must be an http(s) URL` });
  }
});

const httpsUrl = z.url({ protocol: /^https?$/ });

export const clientInputSchema = z
  .object({
    name: z.string().trim().min(1, 'a name is required').max(100),
    redirectUris: z.array(redirectUri).min(1, 'at least one redirect URI is required'),
    postLogoutRedirectUris: z.array(redirectUri).default([]),
    logoUri: httpsUrl.optional(),
    public: z.boolean().default(false),
    jwksUri: httpsUrl.optional(),
  })
  .and(clientPolicySchema)
  .superRefine((input, ctx) => {
    if (input.public && input.jwksUri) {
      ctx.addIssue({
        code: 'custom',
        message: 'a public client cannot use --jwks-uri (private_key_jwt)',
      });
    }
  });

export type ClientInput = z.input<typeof clientInputSchema>;
export type ValidClientInput = z.output<typeof clientInputSchema>;
