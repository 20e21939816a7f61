import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { apiError, isSpaRoute } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';

export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the built SPA on the issuer's origin: hashed assets with long caching, and
 * index.html for every client-side route (200) or any other page path (404, where the SPA
 * shows Page Not Found). Unknown /api paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webRoot = defaultWebRoot): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage) return reply.status(404).send(apiError('not_found'));
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built: run `npm run build`.');
    }
    return reply
      .status(isSpaRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(indexHtml);
  });
}

/** The SPA's page for a route the server handles first (the request entry). */
export function sendSpaIndex(reply: import('fastify').FastifyReply, webRoot = defaultWebRoot) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile))
    return reply
      .status(503)
      .type('text/plain')
      .send('The web app is not built: run `npm run build`.');
  return reply
    .header('Cache-Control', 'no-store')
    .type('text/html')
    .send(readFileSync(indexFile, 'utf8'));
}
