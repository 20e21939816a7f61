import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveProvider } from '../oidc/liveProvider.js';
import type { RateLimit, RateLimiter } from '../kv/rateLimiter.js';
import { isOidcPath, oidcRoutes, providerRouteOf } from '../oidc/provider.js';
import { storeUnavailable, temporarilyUnavailable } from '../oidc/storeUnavailable.js';
import { isForm, readBody } from './formBody.js';
import {
  ENDPOINT_LIMIT_WINDOW_SECONDS as MINUTE,
  TokenEndpointLimits,
  tokenEndpoints,
  type TokenEndpointLimitSettings,
} from './tokenEndpointLimits.js';
import { UserinfoLimits, userinfoEndpoint, type UserinfoLimitSettings } from './userinfoLimits.js';

/** Per client address and minute; the token endpoints and userinfo: their own files. */
const limits: Array<[RegExp, RateLimit]> = [
  [/^\/oidc\/auth/, { name: 'oidc-auth', max: 60, windowSeconds: MINUTE }],
  [/^\/oidc\/session\/end/, { name: 'oidc-logout', max: 30, windowSeconds: MINUTE }],
];

/**
 * OpenID Connect Core 3.1.2.1 and RP-Initiated Logout 2: the authorization and end-session
 * endpoints accept POST. oidc-provider serves POST there only with SameSite=None session
 * cookies, which a cross-site form post would carry; ours stay Lax. So a form POST is answered
 * 303 to the same endpoint by GET with the same parameters: that top-level GET carries the Lax
 * session cookie and runs every check a GET request does.
 */
const postToGet = new Set<string>([oidcRoutes.authorization, oidcRoutes.end_session]);
// The parameters become the URL of the GET: well inside Node's 16 KiB limit for request headers.
const FORM_LIMIT = 8 * 1024;

async function answerPostWithGet(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fail = (status: number, description: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ error: 'invalid_request', error_description: description }));
  };
  if (!isForm(req))
    return fail(400, 'Send the parameters as a form (application/x-www-form-urlencoded).');
  const read = await readBody(req, FORM_LIMIT);
  if (read === 'too-large') return fail(413, 'The request is too large.');
  const body = read.toString('utf8');
  const pathname = (req.url ?? '/').split('?')[0]!;
  const query = new URLSearchParams(body).toString();
  res.statusCode = 303;
  res.setHeader('Location', query ? `${pathname}?${query}` : pathname);
  res.end();
}

/** 411: a token endpoint's form must say its length while clients are limited per client. */
function lengthRequired(res: ServerResponse): void {
  res.statusCode = 411;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify({
      error: 'invalid_request',
      error_description: 'Send the form with a Content-Length.',
    }),
  );
}

/** Public metadata: discovery and the signing keys (oidc-provider sets their caching). */
const publicPaths = new Set(['/.well-known/openid-configuration', oidcRoutes.jwks]);

/**
 * Mounts oidc-provider in an onRequest hook after the others (observeRequests, the request id,
 * the security headers, the access declarations): it sees its own paths (/oidc/*, discovery)
 * with the untouched request, before Fastify parses any body, and Fastify's lifecycle for such a
 * request ends there (the hook never continues it); everything else goes on to Fastify. This
 * was @fastify/middie with one middleware, which also gave every request Fastify's
 * `ip`, `ips`, `hostname`, `protocol` and parsed query on the raw request (10 to 25 µs a call;
 * nothing here reads them: the client's address is clientAddress's, the URL the provider's).
 */
export async function mountProvider(
  app: FastifyInstance,
  live: LiveProvider,
  rateLimiter: RateLimiter,
  clientIp: (req: IncomingMessage) => string,
  tokenLimits: TokenEndpointLimitSettings,
  userinfoLimitSettings: UserinfoLimitSettings,
  /** Counts a refused call by the name of its limit (the metrics). */
  onRefused: (limit: string) => void,
): Promise<void> {
  const tokenEndpointLimits = new TokenEndpointLimits(rateLimiter, tokenLimits);
  live.onBuild((provider) => tokenEndpointLimits.install(provider, clientIp));
  const userinfoLimits = new UserinfoLimits(rateLimiter, userinfoLimitSettings, onRefused);
  live.onBuild((provider) => userinfoLimits.install(provider, clientIp));
  app.addHook('onRequest', (request, reply, next) => {
    const req = request.raw;
    const res = reply.raw;
    // Matched as the provider's router will match it (case and a trailing slash folded).
    const pathname = providerRouteOf((req.url ?? '/').split('?')[0] ?? '/');
    if (!isOidcPath(pathname)) return next();
    const limit = limits.find(([pattern]) => pattern.test(pathname))?.[1];
    const tokenEndpoint = tokenEndpoints.test(pathname);
    const userinfo = userinfoEndpoint.test(pathname);
    const refuse = (limitName: string, retryAfterSeconds: number) => {
      onRefused(limitName);
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
        if (!result.allowed) return refuse(limit.name, result.retryAfterSeconds);
      }
      if (tokenEndpoint) {
        const refusal = await tokenEndpointLimits.admit(req, clientIp(req));
        if (refusal === 'length-required') return lengthRequired(res);
        if (refusal) return refuse(refusal.limit, refusal.retryAfterSeconds);
      }
      if (userinfo) {
        const refusal = await userinfoLimits.admit(clientIp(req));
        if (refusal) return refuse(refusal.limit, refusal.retryAfterSeconds);
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
      if (req.method === 'POST' && postToGet.has(pathname)) return answerPostWithGet(req, res);
      // The provider of this moment: one rebuilt for new keys serves the next request.
      const callback = live.handler;
      try {
        await callback(req, res);
      } finally {
        // The answer is gone already: a counter that cannot be written (the store away) is lost.
        // The calls the provider finished were counted before their answer (both settle once).
        if (tokenEndpoint)
          await tokenEndpointLimits.settle(req, clientIp(req)).catch(() => undefined);
        if (userinfo) await userinfoLimits.settle(req, clientIp(req)).catch(() => undefined);
      }
    };
    // A store away (the limits' counters): the provider's own answer for it, not a catalogue
    // error (oidc/storeUnavailable.ts answers the same from inside the provider).
    handle().catch((error: unknown) => {
      if (!storeUnavailable(error) || res.headersSent)
        return next(error instanceof Error ? error : new Error(String(error)));
      res.statusCode = 503;
      res.setHeader('Retry-After', '1');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(temporarilyUnavailable));
    });
  });
}
