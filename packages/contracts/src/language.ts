/** The languages of the service: English and Welsh (Cymraeg), as public services in Wales offer. */
export const languages = ['en', 'cy'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/**
 * The cookie that remembers the chosen language: set by the SPA's switcher and by the server
 * when a client's request names ui_locales; read by the server for <html lang>, its own pages
 * and e-mails. Not HttpOnly: the SPA reads and writes it. It holds no personal data.
 */
export const languageCookie = 'verity_lang';
export const languageCookieMaxAge = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The first supported language of a space-separated list of BCP47 tags, in order of
 * preference (OpenID Connect Core 3.1.2.1, ui_locales and claims_locales): 'cy-GB en' gives
 * 'cy'. The platform's Intl.Locale parses each tag (its language subtag, lower-cased); tags
 * it cannot parse are skipped. Null when none is supported.
 */
export function firstSupportedLanguage(tags: unknown): Language | null {
  if (typeof tags !== 'string') return null;
  for (const tag of tags.split(' ')) {
    if (tag === '') continue;
    let language: string;
    try {
      language = new Intl.Locale(tag).language;
    } catch {
      continue;
    }
    if (isLanguage(language)) return language;
  }
  return null;
}

/**
 * The shape a translation of an English catalogue must have: every key, texts as strings,
 * functions with the same arguments, lists of texts. The compiler checks each language
 * against the English, so a missing or extra key fails the typecheck.
 */
export type Translation<T> = T extends string
  ? string
  : T extends null
    ? null
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Translation<R>
      : T extends readonly (infer E)[]
        ? readonly Translation<E>[]
        : { readonly [K in keyof T]: Translation<T[K]> };
