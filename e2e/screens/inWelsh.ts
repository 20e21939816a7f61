/**
 * The gallery's Welsh pass drives the same journeys as its English one: a Welsh browser
 * context has the language cookie, and its locators' English names and texts are looked up
 * in the SPA's catalogues (packages/web/src/copy) and used in Welsh. Names the catalogue does
 * not have (the relying party's, the server's field labels, e-mail addresses) stay as given.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';

const COPY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/src/copy');
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

type Pattern = { english: RegExp; welsh: string };

/** English text to Welsh: whole texts, and texts made by a function of its arguments. */
const texts = new Map<string, string>();
const patterns: Pattern[] = [];

const marker = (index: number) => `qqarg${index}qq`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function learn(en: unknown, cy: unknown): void {
  if (typeof en === 'string' && typeof cy === 'string') {
    if (!texts.has(en)) texts.set(en, cy);
  } else if (typeof en === 'function' && typeof cy === 'function') {
    const args = Array.from({ length: en.length }, (_, index) => marker(index));
    let english: unknown;
    let welsh: unknown;
    try {
      english = en(...args);
      welsh = cy(...args);
    } catch {
      return;
    }
    if (typeof english !== 'string' || typeof welsh !== 'string') return;
    if (!args.every((arg) => english.includes(arg))) return;
    let source = escape(english);
    args.forEach((arg, index) => (source = source.replace(arg, `(?<a${index}>.+?)`)));
    patterns.push({ english: new RegExp(`^${source}$`), welsh });
  } else if (Array.isArray(en) && Array.isArray(cy)) {
    en.forEach((item, index) => learn(item, cy[index]));
  } else if (en && cy && typeof en === 'object' && typeof cy === 'object') {
    for (const key of Object.keys(en)) {
      learn((en as Record<string, unknown>)[key], (cy as Record<string, unknown>)[key]);
    }
  }
}

let loaded: Promise<void> | undefined;

/** Reads both catalogues once (through Vite's loader: the SPA's modules are TypeScript). */
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

/** A text in Welsh when the catalogue has it, else as given. */
export function inWelsh(text: string): string {
  const whole = texts.get(text);
  if (whole !== undefined) return whole;
  for (const { english, welsh } of patterns) {
    const match = english.exec(text);
    if (!match?.groups) continue;
    return Object.entries(match.groups).reduce(
      (result, [name, value]) => result.replace(marker(Number(name.slice(1))), value),
      welsh,
    );
  }
  // A label made of catalogue texts side by side ('I accept the' and 'terms and conditions';
  // the code's label and the address it went to): the longest known start, then the rest.
  for (let end = text.lastIndexOf(' '); end > 0; end = text.lastIndexOf(' ', end - 1)) {
    const start = texts.get(text.slice(0, end));
    if (start !== undefined) return `${start} ${inWelsh(text.slice(end + 1))}`;
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
