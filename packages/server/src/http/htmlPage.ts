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
export function htmlPage(title: string, body: string, language = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#212529;background:#f8f9fa}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin-top:0}
button,.button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #0d6efd;background:#0d6efd;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#fff;color:#0d6efd}
button:focus-visible,a:focus-visible{outline:3px solid #fd7e14;outline-offset:2px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #dee2e6;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;margin:0}
</style>
</head>
<body><main id="main">${body}</main></body>
</html>`;
}
