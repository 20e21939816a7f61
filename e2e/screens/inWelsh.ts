/**
 * The screen walks' Welsh pass (the gallery's screenshots, everyScreen.e2e.test.ts's axe
 * checks) drives the same journeys as the English one: a Welsh browser context has the
 * language cookie, and its locators' English names and texts are looked up
 * in the SPA's catalogues (packages/web/src/copy) and used in Welsh. Names the catalogue does
 * not have (the relying party's, the server's field labels, e-mail addresses) stay as given.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';

const COPY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/web/src/copy',
);
const englishModules = [
  'account',
  'accounts',
  'checks',
  'common',
  'contact',
  'forms',
  'legal',
  'navigation',
  'openBanking',
  'pin',
  'pinAccess',
  'profile',
  'secondFactor',
  'social',
];
/** The server's catalogues of texts shown on screens (packages/server/src/messages). */
const SERVER_MESSAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/src/messages',
);
const serverModules = [
  'profileFields',
  'sandboxBankPages',
  'providerPages',
  'kbvQuestions',
  'activityTitles',
  'verificationTexts',
  'errorMessages',
  'secondFactorNames',
];

type Welsh = (...args: string[]) => string;
type Pattern = { english: RegExp; welsh: Welsh };

/**
 * English text to Welsh: whole texts, texts made by a function of its arguments, and the
 * words that join texts (' and ' between check names).
 */
const texts = new Map<string, string>();
const patterns: Pattern[] = [];
const joiners = new Map<string, string>();
/** English texts the catalogues translate in two ways (the screens would differ). */
export const conflicts: string[] = [];

const marker = (index: number) => `qqarg${index}qq`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function learn(en: unknown, cy: unknown): void {
  if (typeof en === 'string' && typeof cy === 'string') {
    if (en.trim() !== '' && en !== en.trim()) joiners.set(en, cy);
    else if (!texts.has(en)) texts.set(en, cy);
    else if (texts.get(en) !== cy) conflicts.push(`${en}\n  ${texts.get(en)}\n  ${cy}`);
  } else if (typeof en === 'function' && typeof cy === 'function') {
    const args = Array.from({ length: en.length }, (_, index) => marker(index));
    let english: unknown;
    try {
      english = en(...args);
    } catch {
      return;
    }
    if (typeof english !== 'string') return;
    if (!args.every((arg) => english.includes(arg))) return;
    let source = escape(english);
    args.forEach((arg, index) => (source = source.replace(arg, `(?<a${index}>.+?)`)));
    patterns.push({ english: new RegExp(`^${source}$`), welsh: cy as Welsh });
  } else if (Array.isArray(en) && Array.isArray(cy)) {
    en.forEach((item, index) => learn(item, cy[index]));
  } else if (en && cy && typeof en === 'object' && typeof cy === 'object') {
    for (const key of Object.keys(en)) {
      learn((en as Record<string, unknown>)[key], (cy as Record<string, unknown>)[key]);
    }
  }
}

let loaded: Promise<void> | undefined;

/**
 * Reads the catalogues once (through Vite's loader: the modules are TypeScript): the SPA's,
 * then the server's (profile field titles, the sandbox bank's and the provider's own pages),
 * each a record of English and Welsh.
 */
export function loadCatalogues(): Promise<void> {
  loaded ??= (async () => {
    const welshModule = path.join(COPY, 'cy/welsh.ts');
    const { welsh } = (await import(welshModule)) as { welsh: Record<string, unknown> };
    for (const name of englishModules) {
      const module = (await import(path.join(COPY, `${name}.ts`))) as Record<string, unknown>;
      for (const [section, english] of Object.entries(module)) {
        if (section in welsh) learn(english, welsh[section]);
      }
    }
    for (const name of serverModules) {
      const module = (await import(path.join(SERVER_MESSAGES, `${name}.ts`))) as Record<
        string,
        unknown
      >;
      for (const texts of Object.values(module)) {
        if (texts && typeof texts === 'object' && 'en' in texts && 'cy' in texts) {
          learn(texts.en, texts.cy);
        }
      }
    }
  })();
  return loaded;
}

/**
 * A pattern in Welsh: the Welsh of every catalogue text it matches (/QR code/ finds 'Cod QR
 * ...'), else as given.
 */
export function patternInWelsh(pattern: RegExp): RegExp {
  const welsh = [...texts].filter(([english]) => pattern.test(english)).map(([, cy]) => cy);
  return welsh.length === 0 ? pattern : new RegExp(welsh.map(escape).join('|'));
}

/** A text the catalogue has whole, or makes with a function, in Welsh. */
function catalogueWelsh(text: string): string | undefined {
  const whole = texts.get(text);
  if (whole !== undefined) return whole;
  for (const { english, welsh } of patterns) {
    const match = english.exec(text);
    if (!match?.groups) continue;
    // The Welsh function itself, given its arguments in Welsh: a check's name the screen
    // passes in Welsh, a document's name it passes in English for the function to translate.
    const args = Object.entries(match.groups)
      .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
      .map(([, value]) => inWelsh(value));
    return welsh(...args);
  }
  return undefined;
}

/** A text in Welsh when the catalogue has it, else as given. */
export function inWelsh(text: string): string {
  const known = catalogueWelsh(text);
  if (known !== undefined) return known;
  // A hint in brackets after a label ('Expiry (MM/YY)').
  const bracketed = /^\((.+)\)$/.exec(text);
  if (bracketed) return `(${inWelsh(bracketed[1]!)})`;
  // Catalogue texts joined by a catalogue word ('Passport and Financial questions').
  for (const [english, welsh] of joiners) {
    const parts = text.split(english);
    if (parts.length < 2) continue;
    const translated = parts.map(catalogueWelsh);
    if (translated.every((part) => part !== undefined)) return translated.join(welsh);
  }
  // A text the screen wrote in lower case ('photo of your passport' in a longer text).
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  if (capital !== text && text === text.toLowerCase()) {
    const welsh = inWelsh(capital);
    if (welsh !== capital) return welsh.toLowerCase();
  }
  // A label made of catalogue texts side by side ('I accept the' and 'terms and conditions'):
  // the longest known start, then the rest.
  for (let end = text.lastIndexOf(' '); end > 0; end = text.lastIndexOf(' ', end - 1)) {
    const start = texts.get(text.slice(0, end));
    const rest = text.slice(end + 1);
    const restInWelsh = inWelsh(rest);
    // The rest known too, or an address (the code's label and where it went): a sentence
    // that only starts with a known word stays as given.
    const restKnown = restInWelsh !== rest || rest.includes('@');
    if (start !== undefined && restKnown) return `${start} ${restInWelsh}`;
  }
  return text;
}

const welshContexts = new WeakSet<BrowserContext>();
const isWelsh = (page: Page) => welshContexts.has(page.context());
type Named = { name?: string | RegExp; exact?: boolean } & Record<string, unknown>;

/**
 * Makes this context's pages Welsh: the language cookie on Verity's origin, and the English
 * names of its locators (page and locator getByRole, getByLabel, getByText) read in Welsh.
 */
export async function makeWelsh(context: BrowserContext, verityUrl: string): Promise<void> {
  await loadCatalogues();
  const language = [{ name: 'verity_lang', value: 'cy', url: verityUrl }];
  await context.addCookies(language);
  // A journey that clears the cookies (to sign in again) stays in Welsh.
  const clearCookies = context.clearCookies.bind(context);
  context.clearCookies = async (...args) => {
    await clearCookies(...args);
    await context.addCookies(language);
  };
  welshContexts.add(context);
  const page = await context.newPage();
  patch(Object.getPrototypeOf(page) as PatchTarget, (target) => isWelsh(target as Page));
  patch(Object.getPrototypeOf(page.locator('body')) as PatchTarget, (target) =>
    isWelsh((target as Locator).page()),
  );
  await page.close();
}

interface PatchTarget {
  getByRole(role: string, options?: Named): Locator;
  getByLabel(text: string | RegExp, options?: Named): Locator;
  getByText(text: string | RegExp, options?: Named): Locator;
  __welshPatched?: boolean;
}

const translate = (text: string | RegExp) =>
  typeof text === 'string' ? inWelsh(text) : patternInWelsh(text);

function patch(prototype: PatchTarget, welsh: (target: unknown) => boolean): void {
  if (prototype.__welshPatched) return;
  prototype.__welshPatched = true;
  const { getByRole, getByLabel, getByText } = prototype;
  prototype.getByRole = function (this: unknown, role, options) {
    const name = options?.name;
    if (!welsh(this) || name === undefined) return getByRole.call(this, role, options);
    const translated = typeof name === 'string' ? inWelsh(name) : patternInWelsh(name);
    return getByRole.call(this, role, { ...options, name: translated });
  };
  prototype.getByLabel = function (this: unknown, text, options) {
    return getByLabel.call(this, welsh(this) ? translate(text) : text, options);
  };
  prototype.getByText = function (this: unknown, text, options) {
    return getByText.call(this, welsh(this) ? translate(text) : text, options);
  };
}
