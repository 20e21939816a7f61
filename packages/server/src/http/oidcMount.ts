import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { RateLimit, RateLimiter } from '../kv/rateLimiter.js';
import { isOidcPath } from '../oidc/provider.js';
import {
  recordClientAuthentication,
  TokenEndpointLimits,
  tokenEndpoints,
  type TokenEndpointLimitSettings,
} from './tokenEndpointLimits.js';

/** Per client address and minute; the token endpoints: tokenEndpointLimits.ts. */
const limits: Array<[RegExp, RateLimit]> = [
  [/^\/oidc\/auth/, { name: 'oidc-auth', max: 60, windowSeconds: 60 }],
  [/^\/oidc\/me$/, { name: 'oidc-userinfo', max: 120, windowSeconds: 60 }],
  [/^\/oidc\/session\/end/, { name: 'oidc-logout', max: 30, windowSeconds: 60 }],
];

/**
 * Mounts oidc-provider with @fastify/middie. It sees its own paths (/oidc/*, discovery) with
 * the untouched request, before Fastify parses any body; everything else goes on to Fastify.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  rateLimiter: RateLimiter,
  clientIp: (req: IncomingMessage) => string,
  tokenLimits: TokenEndpointLimitSettings,
): Promise<void> {
  await app.register((await import('@fastify/middie')).default);
  recordClientAuthentication(provider);
  const tokenEndpointLimits = new TokenEndpointLimits(rateLimiter, tokenLimits);
  const callback = provider.callback();
  app.use((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isOidcPath(pathname)) return next();
    const limit = limits.find(([pattern]) => pattern.test(pathname))?.[1];
    const tokenEndpoint = tokenEndpoints.test(pathname);
    const refuse = (retryAfterSeconds: number) => {
      res.statusCode = 429;
      res.setHeader('Retry-After', String(retryAfterSeconds));
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          error: 'temporarily_unavailable',
          error_description: 'Too many requests; try again later.',
        }),
      );
    };
    const handle = async () => {
      if (limit) {
        const result = await rateLimiter.hit(limit, clientIp(req));
        if (!result.allowed) return refuse(result.retryAfterSeconds);
      }
      if (tokenEndpoint) {
        const wait = await tokenEndpointLimits.admit(req, clientIp(req));
        if (wait !== null) return refuse(wait);
      }
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      );
      try {
        await callback(req, res);
      } finally {
        // The answer is gone already: a counter that cannot be written (the store away) is lost.
        if (tokenEndpoint)
          await tokenEndpointLimits.settle(req, clientIp(req)).catch(() => undefined);
      }
    };
    handle().catch(next);
  });
}
