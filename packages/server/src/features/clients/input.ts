import { z } from 'zod';
import { clientPolicySchema } from './policy.js';

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What is wrong with a client URL (redirect, post-logout, logo, jwks_uri), or null: absolute,
 * no fragment, https; plain http only on a loopback host (127.0.0.1, [::1], localhost), for
 * development and native apps (RFC 8252 7.3). RFC 9700 2.1, ASVS 5 12.2.1.
 */
export function clientUrlProblem(value: string): string | null {
  const url = URL.parse(value);
  if (!url) return `${value} is not an absolute URL`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${value} must be an http(s) URL`;
  if (url.protocol === 'http:' && !loopback.has(url.hostname))
    return `${value} must use https (plain http only on localhost)`;
  if (url.username || url.password) return `${value} must not contain a user name or password`;
  if (url.hash) return `${value} must not contain a fragment`;
  return null;
}

const clientUrl = z.string().superRefine((value, ctx) => {
  const problem = clientUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A URL Verity itself fetches or shows to every user (jwks_uri, logo): plain http on loopback
 * only outside production. Loopback redirect URIs stay allowed (native apps, RFC 8252 7.3), but
 * in production a loopback jwks_uri would have the server fetch from its own host.
 */
export function serverUrlProblem(value: string, production: boolean): string | null {
  const problem = clientUrlProblem(value);
  if (problem || !production) return problem;
  return URL.parse(value)?.protocol === 'http:'
    ? `${value} must use https in production (plain http only on localhost in development)`
    : null;
}

const serverUrl = z.string().superRefine((value, ctx) => {
  const problem = serverUrlProblem(value, process.env.NODE_ENV === 'production');
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The logo's file types, by the path's extension (the browser shows each in an <img>). */
const LOGO_EXTENSIONS = ['.png', '.svg', '.jpg', '.jpeg', '.webp'];

/** What is wrong with a logo URL beyond serverUrlProblem, or null: its type by extension. */
export function logoUrlProblem(value: string): string | null {
  const path = URL.parse(value)?.pathname.toLowerCase() ?? '';
  return LOGO_EXTENSIONS.some((extension) => path.endsWith(extension))
    ? null
    : `${value} must be an image whose path ends in ${LOGO_EXTENSIONS.join(', ')}`;
}

/** What is wrong with a logo under today's rules (serverUrlProblem, then its type), or null. */
export function logoProblem(value: string): string | null {
  return serverUrlProblem(value, process.env.NODE_ENV === 'production') ?? logoUrlProblem(value);
}

/**
 * The client's logo as users see it: a stored one that fails today's rules (stored before they
 * were, issue 21) is kept as it is but not shown until it is replaced (`clients update
 * --logo-uri`) or removed (`--no-logo-uri`); `clients show` says so.
 */
export function shownLogo(logoUri: string | undefined): string | null {
  return logoUri !== undefined && logoProblem(logoUri) === null ? logoUri : null;
}

const logoUrl = z.string().superRefine((value, ctx) => {
  const problem = logoProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const clientInputSchema = z
  .object({
    name: z.string().trim().min(1, 'a name is required').max(100),
    redirectUris: z.array(clientUrl).min(1, 'at least one redirect URI is required'),
    postLogoutRedirectUris: z.array(clientUrl).default([]),
    logoUri: logoUrl.optional(),
    public: z.boolean().default(false),
    jwksUri: serverUrl.optional(),
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
