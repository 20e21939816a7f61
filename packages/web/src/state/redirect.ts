/**
 * The address the browser may be sent to from a server answer: http or https only (never
 * javascript: or data:), resolved against this page. Null for anything else.
 */
export function safeRedirectUrl(address: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
