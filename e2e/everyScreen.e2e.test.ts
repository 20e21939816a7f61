/**
 * The screens of the gallery's walk (e2e/screens) in Welsh at desktop width, with axe's WCAG
 * 2.2 AA rules and <html lang="cy"> on each (issue 21's tests). The Welsh walk finds its
 * buttons and fields by their Welsh names (e2e/screens/inWelsh.ts), so a screen whose text
 * is missing from the Welsh catalogue fails here too. The English screens are checked with axe
 * by the feature files (docs/i18n.md lists which file covers which screen).
 *
 * CI walks every journey: 71 screens in about 1 minute 50 s on a quiet 2-core machine
 * (docs/i18n.md, Every screen under axe); `npm run gallery` walks them in both languages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, startStack, type Stack } from './harness.js';
import { conflicts, loadCatalogues } from './screens/inWelsh.js';
import { screenGroups, walkOf, type ScreenShown } from './screens/index.js';

/** A long journey: 35 screens, each with axe, on a CPU shared with two other test files. */
const JOURNEY_TIMEOUT_MS = 300_000;

let browser: Browser | undefined;
const checked: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function inWelshWithoutViolations(page: Page, screen: ScreenShown): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), screen.slug).toBe('cy');
  // The pointer is off the page (walk.screen) and the walk's contexts reduce motion: no hover
  // colour to wait out, unlike the harness's checkAccessibility.
  await expectNoAxeViolations(page);
  checked.push(screen.slug);
}

/** The accessibility tree of each open page, to tell what a failed step saw. */
async function whatPagesShow(contexts: BrowserContext[]): Promise<string> {
  const pages = contexts.flatMap((context) => context.pages());
  const trees = await Promise.all(
    pages.map(async (page) => {
      const tree = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2000 })
        .catch(() => '(none)');
      return `${page.url()}:\n${tree}`;
    }),
  );
  return trees.join('\n\n');
}

for (const group of screenGroups) {
  const { journeys } = group;
  describe(`${group.name}, in Welsh`, () => {
    let stack: Stack | undefined;
    const contexts: BrowserContext[] = [];
    beforeAll(async () => {
      stack = await startStack(group.stack);
    });
    afterAll(async () => {
      await Promise.all(contexts.map((context) => context.close()));
      await stack?.stop();
    });
    for (const journey of journeys) {
      it(
        journey.name,
        async () => {
          if (!browser) throw new Error('the browser did not start');
          if (!stack) throw new Error('the stack did not start');
          const before = checked.length;
          const opened = contexts.length;
          const walk = walkOf({
            browser,
            stack,
            language: 'cy',
            atScreen: inWelshWithoutViolations,
            contexts,
          });
          try {
            await journey.walk(walk);
          } catch (error) {
            throw new Error(`${String(error)}\n${await whatPagesShow(contexts.slice(opened))}`, {
              cause: error,
            });
          }
          expect(checked.length).toBeGreaterThan(before);
        },
        JOURNEY_TIMEOUT_MS,
      );
    }
  });
}

/**
 * One English text, one Welsh: the SPA's and the server's catalogues agree where they share a
 * text (an error the server words and the screen words again), else the same screen would
 * read differently by the way it got there, and the walk's lookup would pick one.
 */
it('finds the same Welsh for an English text in every catalogue', async () => {
  // 'Set up' is a button (Gosod, a verb) and a factor's state (Wedi'i osod): two meanings.
  const twoMeanings = new Set(['Set up']);
  await loadCatalogues();
  expect(conflicts.filter((conflict) => !twoMeanings.has(conflict.split('\n')[0]!))).toEqual([]);
});
