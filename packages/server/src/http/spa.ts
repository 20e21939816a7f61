import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { apiError, isSpaRoute, languages, type Language } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from './language.js';
import { errorMessages } from '../messages/errorMessages.js';

export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** The configured product and company names (PRODUCT_NAME, COMPANY_NAME). */
export interface BrandNames {
  product: string;
  company: string;
  /** PIN_FRAME_PARENT_ORIGIN: the one origin that may frame / (the PIN frame helper). */
  frameParent?: string | null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the configured names in meta tags, which the SPA's copy/brand.ts reads
 * before it renders (no inline script: the Content-Security-Policy forbids them).
 */
export function brandedIndex(html: string, names: BrandNames | undefined): string {
  if (!names) return html;
  const tags =
    `<meta name="verity:product" content="${escapeAttribute(names.product)}" />` +
    `<meta name="verity:company" content="${escapeAttribute(names.company)}" />` +
    (names.frameParent
      ? `<meta name="verity:frame-parent" content="${escapeAttribute(names.frameParent)}" />`
      : '');
  return html.replace(/<head>/i, (head) => `${head}${tags}`);
}

/**
 * index.html in a language: `<html lang>` names it, and the SPA loads that language's
 * catalogue before it renders (the first paint is already in the chosen language).
 */
export function indexInLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/i, `<html lang="${language}"`);
}

/**
 * Serves the built SPA on the issuer's origin: hashed assets with long, immutable caching,
 * precompressed (brotli or gzip as the browser accepts), and
 * index.html for every client-side route (200) or any other page path (404, where the SPA
 * shows Page Not Found). Unknown /api paths get a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot = defaultWebRoot,
  names?: BrandNames,
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (packages/web/precompress.ts): sent to
      // browsers that accept them, with Vary: Accept-Encoding; no compression per request.
      preCompressed: true,
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
  const branded = built ? brandedIndex(readFileSync(indexFile, 'utf8'), names) : null;
  const indexHtml = branded
    ? Object.fromEntries(
        languages.map((language) => [language, indexInLanguage(branded, language)]),
      )
    : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage)
      return reply
        .status(404)
        .send(apiError('not_found', errorMessages[requestLanguage(request)].codes.not_found));
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built: run `npm run build`.');
    }
    // Only the loading screen at / may be framed, and only by the configured parent.
    const csp = reply.getHeader('content-security-policy');
    if (pathname === '/' && names?.frameParent && typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", `frame-ancestors ${names.frameParent}`),
      );
      reply.removeHeader('x-frame-options');
    }
    return reply
      .status(isSpaRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html')
      .send(indexHtml[requestLanguage(request)]);
  });
}

/** The SPA's page for a route the server handles first (the request entry). */
export function sendSpaIndex(
  reply: import('fastify').FastifyReply,
  webRoot = defaultWebRoot,
  names?: BrandNames,
  language: Language = 'en',
) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile))
    return reply
      .status(503)
      .type('text/plain')
      .send('The web app is not built: run `npm run build`.');
  return reply
    .header('Cache-Control', 'no-store')
    .type('text/html')
    .send(indexInLanguage(brandedIndex(readFileSync(indexFile, 'utf8'), names), language));
}
