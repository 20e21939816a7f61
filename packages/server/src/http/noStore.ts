import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route answers public data that browsers and proxies may cache (it sets its own
     * Cache-Control). Without it every /api and /dev answer is `no-store`.
     */
    publicCache?: boolean;
  }
}

/** The answers that may carry personal data: the JSON API and the development outbox. */
export function carriesPersonalData(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/');
}

/**
 * `Cache-Control: no-store` on every API answer, success or error (ASVS 5 14.3.2), set last so
 * a route cannot forget it or weaken it by accident; a route opts out only by declaring
 * `config: { publicCache: true }`, which the route walk in the security suite lists.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (carriesPersonalData(request.url) && request.routeOptions.config?.publicCache !== true)
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
