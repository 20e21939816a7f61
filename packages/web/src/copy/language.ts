import {
  defaultLanguage,
  isLanguage,
  languageCookie,
  languageCookieMaxAge,
  type Language,
} from '@verity/contracts';
import { useSyncExternalStore } from 'react';
import type { Catalogue } from './catalogue';

/**
 * The language of the screens. English is built in; the Welsh catalogue (copy/cy) is its own
 * chunk, fetched only when Welsh is chosen, so English visitors do not download it.
 */
let current: Language = defaultLanguage;
let welsh: Catalogue | null = null;
const listeners = new Set<() => void>();

/**
 * A section of the catalogue: the English texts, read in the current language. Components
 * import sections as before (`pinCopy.start`); each read looks up the language chosen now,
 * and the app renders again when it changes (App.tsx).
 */
export function localized<T extends object>(section: keyof Catalogue, english: T): T {
  return new Proxy(english, {
    get(target, key, receiver) {
      const translated = current === 'cy' ? welsh?.[section] : undefined;
      return translated && Object.hasOwn(translated, key)
        ? (translated as Record<PropertyKey, unknown>)[key]
        : Reflect.get(target, key, receiver);
    },
  });
}

export function currentLanguage(): Language {
  return current;
}

/** Fetches the Welsh catalogue once (a separate chunk). */
export async function loadWelsh(): Promise<Catalogue> {
  welsh ??= (await import('./cy/welsh')).welsh;
  return welsh;
}

/** Shows the screens in this language: its catalogue loaded, <html lang> set, the app told. */
export async function showLanguage(language: Language): Promise<void> {
  if (language === 'cy') await loadWelsh();
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/**
 * The switcher's choice: shown now and remembered in the cookie the server reads too (its
 * pages, e-mails and <html lang> on the next load).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookie}=${language}; Max-Age=${languageCookieMaxAge}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The language to start in: the server's <html lang> (from the cookie, or the client's
 * ui_locales when a request starts), else the cookie itself (the Vite dev server), else English.
 */
export function initialLanguage(doc: Pick<Document, 'documentElement' | 'cookie'>): Language {
  const served = doc.documentElement.lang;
  if (isLanguage(served) && served !== defaultLanguage) return served;
  const remembered = new RegExp(`(?:^|; )${languageCookie}=([^;]*)`).exec(doc.cookie)?.[1];
  return isLanguage(remembered) ? remembered : defaultLanguage;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
