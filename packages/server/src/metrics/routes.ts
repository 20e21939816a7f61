import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/apiError.js';
import { publicCall } from '../journey/access.js';

/** SHA-256 of each side first: equal lengths for timingSafeEqual, whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * GET /metrics: the Prometheus text format, for a scraper holding METRICS_TOKEN (public as far
 * as the journey goes: no session, the bearer token is the access). Without the setting there
 * is nothing here (404), so a deployment that does not scrape shows nothing.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/metrics',
    { config: { access: publicCall }, schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (!token) throw new ApiError('not_found');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new ApiError('metrics_token_invalid');
      }
      const { registry } = ctx.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
