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

/**
 * A small server-rendered page for the few screens the provider itself shows (logout
 * confirmation, protocol errors) and the development outbox. `body` must already be safe.
 */
export function htmlPage(
  title: string,
  body: string,
  { wide = false, language = 'en' }: { wide?: boolean; language?: string } = {},
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${pageStyle}</style>
</head>
<body><main id="main"${wide ? ' class="wide"' : ''}>${body}</main></body>
</html>`;
}
