import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { RateLimit, RateLimiter } from '../kv/rateLimiter.js';
import { isOidcPath, oidcRoutes } from '../oidc/provider.js';

/** Per client address and minute. Token-type endpoints accept client credentials. */
const limits: Array<[RegExp, RateLimit]> = [
  [
    /^\/oidc\/token(\/(introspection|revocation))?$/,
    { name: 'oidc-token', max: 60, windowSeconds: 60 },
  ],
  [/^\/oidc\/auth/, { name: 'oidc-auth', max: 60, windowSeconds: 60 }],
  [/^\/oidc\/me$/, { name: 'oidc-userinfo', max: 120, windowSeconds: 60 }],
  [/^\/oidc\/session\/end/, { name: 'oidc-logout', max: 30, windowSeconds: 60 }],
];

/** Public metadata: discovery and the signing keys (oidc-provider sets their caching). */
const publicPaths = new Set(['/.well-known/openid-configuration', oidcRoutes.jwks]);

/**
 * Mounts oidc-provider with @fastify/middie. It sees its own paths (/oidc/*, discovery) with
 * the untouched request, before Fastify parses any body; everything else goes on to Fastify.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  rateLimiter: RateLimiter,
  clientIp: (req: IncomingMessage) => string,
): Promise<void> {
  await app.register((await import('@fastify/middie')).default);
  const callback = provider.callback();
  app.use((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isOidcPath(pathname)) return next();
    const limit = limits.find(([pattern]) => pattern.test(pathname))?.[1];
    const handle = async () => {
      if (limit) {
        const result = await rateLimiter.hit(limit, clientIp(req));
        if (!result.allowed) {
          res.statusCode = 429;
          res.setHeader('Retry-After', String(result.retryAfterSeconds));
          res.setHeader('Content-Type', 'application/json');
          res.end(
            JSON.stringify({
              error: 'temporarily_unavailable',
              error_description: 'Too many requests; try again later.',
            }),
          );
          return;
        }
      }
      // The provider's pages and answers name the user (sign-out page, errors, tokens); only
      // its public metadata may be cached.
      if (!publicPaths.has(pathname)) res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      );
      await callback(req, res);
    };
    handle().catch(next);
  });
}
