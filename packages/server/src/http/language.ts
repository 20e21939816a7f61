import {
  defaultLanguage,
  isLanguage,
  languageCookie,
  languageCookieMaxAge,
  type Language,
} from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The language this browser chose (the switcher's cookie), English otherwise. The error
 * handler asks too, maybe for a request refused before its cookies were read: then English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies?.[languageCookie];
  return isLanguage(chosen) ? chosen : defaultLanguage;
}

/**
 * Remembers a language for this browser, as the SPA's switcher does (the same cookie, which
 * the SPA reads, so not HttpOnly). Later reads in the same request see it too.
 */
export function rememberLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  language: Language,
  secure: boolean,
): void {
  reply.setCookie(languageCookie, language, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: languageCookieMaxAge,
  });
  request.cookies[languageCookie] = language;
}
