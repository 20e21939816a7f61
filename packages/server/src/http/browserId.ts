import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const BROWSER_COOKIE = 'verity.browser';
const MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * A random id for this browser in a signed, httpOnly cookie. Flow records (sign-in requests,
 * e-mail codes) are bound to it, so an id or code learned elsewhere is useless in another browser.
 */
export class BrowserIdentity {
  constructor(private readonly secure: boolean) {}

  get(request: FastifyRequest): string | null {
    const raw = request.cookies[BROWSER_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const existing = this.get(request);
    if (existing) return existing;
    const browserId = randomBytes(24).toString('base64url');
    reply.setCookie(BROWSER_COOKIE, browserId, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: MAX_AGE_SECONDS,
    });
    // Later calls in the same request see it too.
    request.cookies[BROWSER_COOKIE] = reply.signCookie(browserId);
    return browserId;
  }
}
