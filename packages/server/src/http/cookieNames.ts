/**
 * Cookie name prefixes (RFC 6265bis 4.1.3, ASVS 5 3.3.1): under an https issuer a cookie for
 * the whole site is `__Host-` (Secure, Path=/, no Domain: no subdomain or plain-http page can
 * set or shadow it) and a cookie scoped to a path is `__Secure-`. On plain http (development)
 * browsers refuse prefixed cookies, so the names stay as they are.
 */
export function siteCookieName(name: string, https: boolean): string {
  return https ? `__Host-${name}` : name;
}

export function pathCookieName(name: string, https: boolean): string {
  return https ? `__Secure-${name}` : name;
}

export function isHttps(publicUrl: URL): boolean {
  return publicUrl.protocol === 'https:';
}
