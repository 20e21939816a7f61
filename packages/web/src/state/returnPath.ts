/**
 * A saved return path, if it is one of this app's account pages. Only the account guard
 * saves one, so anything else (another site, a protocol-relative '//host', a script URL)
 * was not written by us and is ignored.
 */
export function returnPath(raw: string): string | null {
  if (!/^\/account\/[A-Za-z0-9/_-]*(\?[^#]*)?$/.test(raw)) return null;
  if (raw.includes('//')) return null;
  return raw;
}

/**
 * Where a user who has just logged in (or is signed in on a login screen) goes: the saved
 * account page when no sign-in request is in progress, else the request's next step.
 */
export function afterLogin(
  requestId: string | null,
  savedReturn: string | null,
  nextStep: () => string,
): string {
  if (requestId === null && savedReturn !== null) return savedReturn;
  return nextStep();
}
