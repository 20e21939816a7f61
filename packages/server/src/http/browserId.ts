import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteCookieName } from './cookieNames.js';

const MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * A random id for this browser in a signed, httpOnly cookie. Flow records (sign-in requests,
 * e-mail codes) are bound to it, so an id or code learned elsewhere is useless in another browser.
 */
export class BrowserIdentity {
  /** `__Host-verity.browser` under an https issuer, `verity.browser` on plain http. */
  readonly cookieName: string;

  constructor(private readonly secure: boolean) {
    this.cookieName = siteCookieName('verity.browser', secure);
  }

  get(request: FastifyRequest): string | null {
    const raw = request.cookies[this.cookieName];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  /**
   * Logout: the browser gets a new id at its next flow, so no record bound to this one (a
   * sign-in request, an e-mail code, a bank, social or cross-device PIN attempt) can be
   * picked up after it.
   */
  forget(request: FastifyRequest, reply: FastifyReply): void {
    if (!this.get(request)) return;
    reply.clearCookie(this.cookieName, {
      path: '/',
      secure: this.secure,
      httpOnly: true,
      sameSite: 'lax',
    });
    delete request.cookies[this.cookieName];
  }

  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const existing = this.get(request);
    if (existing) return existing;
    const browserId = randomBytes(24).toString('base64url');
    reply.setCookie(this.cookieName, browserId, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: MAX_AGE_SECONDS,
    });
    // Later calls in the same request see it too.
    request.cookies[this.cookieName] = reply.signCookie(browserId);
    return browserId;
  }
}
