/**
 * A walk through every screen (issue 21): the journeys in e2e/screens/*Journeys.ts drive the
 * real stack in Chromium and hand each screen they reach to the walk's `atScreen`. The gallery
 * (gallery/gallery.ts) takes screenshots there; e2e/everyScreen.e2e.test.ts runs axe there. One
 * driver, so the screens checked in CI are the screens the gallery shows.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Stack, StackOptions } from '../harness.js';
import { makeWelsh } from './inWelsh.js';

/** The languages a walk can take: English, and Welsh (e2e/screens/inWelsh.ts). */
export const languages = ['en', 'cy'] as const;
export type Language = (typeof languages)[number];

/** The width every journey runs at; the gallery adds the phone width for its screenshots. */
export const desktop = { width: 1280, height: 800 } as const;

/** What a walk does with a screen once its heading is there. */
export type AtScreen = (page: Page, screen: ScreenShown) => Promise<void>;

export interface ScreenShown {
  /** A short name for the screen's state, unique in its language ('signup2-weak'). */
  slug: string;
  /** What the screen shows, in a few words, for a reader of the gallery. */
  state: string;
  language: Language;
}

/** What a journey is given: its stack, language, fresh pages, and where to hand screens. */
export interface Walk {
  stack: Stack;
  language: Language;
  /** A page in a new browser context in the walk's language, at desktop width. */
  newPage(): Promise<Page>;
  /** Waits for the screen's heading, moves the pointer off the page, then hands it over. */
  screen(page: Page, slug: string, state: string): Promise<void>;
}

export interface ScreenJourney {
  name: string;
  walk(walk: Walk): Promise<void>;
}

/** Journeys that share one client's policy, so one stack. */
export interface ScreenGroup {
  name: string;
  stack: StackOptions;
  journeys: ScreenJourney[];
}

/** A new address for a journey's sign-up. */
export const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** The browser's locale of a journey (its screens' language is the cookie: makeWelsh). */
function contextOptions(language: Language): BrowserContextOptions {
  return {
    locale: language === 'en' ? 'en-GB' : `${language}-GB`,
    colorScheme: 'light',
    // No transitions (Bootstrap honours it): a screen is checked and pictured at rest, not
    // mid-fade or mid-hover.
    reducedMotion: 'reduce',
    viewport: { ...desktop },
  };
}

/**
 * A walk for one journey in `language`. The contexts it opens are listed in `contexts`, for the
 * caller to close.
 */
export function walkOf(options: {
  browser: Browser;
  stack: Stack;
  language: Language;
  atScreen: AtScreen;
  contexts: BrowserContext[];
}): Walk {
  const { browser, stack, language, atScreen, contexts } = options;
  return {
    stack,
    language,
    async newPage() {
      const context = await browser.newContext(contextOptions(language));
      contexts.push(context);
      if (language === 'cy') await makeWelsh(context, stack.verityUrl);
      return context.newPage();
    },
    async screen(page, slug, state) {
      await page.locator('h1').first().waitFor();
      // The pointer off the page: no hover colours (a button that appeared under it).
      await page.mouse.move(0, 0);
      await atScreen(page, { slug, state, language });
    },
  };
}
