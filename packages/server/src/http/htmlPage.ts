import { brandMarkPaths } from '@verity/contracts';
import { pageStyle } from './pageStyle.js';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** The page's options: the product's name (PRODUCT_NAME) for the header, its language. */
export interface PageOptions {
  product: string;
  language?: string;
  /** The development outbox's table: a wider card. */
  wide?: boolean;
}

/**
 * The header every server-rendered page shares with the SPA's navigation bar: Verity's mark and
 * the product's name, linking home. Never a client's name or logo: these pages do not know, or
 * must not trust, which client the visitor came from.
 */
function brandHeader(product: string): string {
  return `<header class="brand-bar"><div><a class="brand" href="/"><svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${brandMarkPaths.shield}"/><path fill="none" stroke="var(--surface)" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" d="${brandMarkPaths.tick}"/></svg>${escapeHtml(product)}</a></div></header>`;
}

/**
 * A small server-rendered page for the few screens the provider itself shows (logout
 * confirmation, protocol errors), the sandbox bank and the development outbox: the brand
 * header, then the card. `body` must already be safe.
 */
export function htmlPage(
  title: string,
  body: string,
  { product, wide = false, language = 'en' }: PageOptions,
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${pageStyle}</style>
</head>
<body>${brandHeader(product)}<main id="main"${wide ? ' class="wide"' : ''}>${body}</main></body>
</html>`;
}
