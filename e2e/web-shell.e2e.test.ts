/**
 * The SPA shell served by the real Verity server: routing, the generic screens, focus,
 * keyboard use and accessibility.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useStack } from './harness.js';

describe('SPA shell', () => {
  const env = useStack();
  let page: Page;

  beforeEach(() => {
    page = env.page();
  });

  const verityUrl = () => env.stack().verityUrl;
  const heading = () => page.locator('h1');

  it('sends a visitor from / to About, with one heading and a main landmark', async () => {
    await page.goto(`${verityUrl()}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await expect.poll(() => heading().textContent()).toBe('About Verity');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('main#main').count()).toBe(1);
    expect(await heading().count()).toBe(1);
    expect(await page.getByText('Sign out').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const response = await page.goto(`${verityUrl()}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => heading().textContent()).toBe('Page Not Found');
    await page.getByText("Oops we can't find the page you were looking for").waitFor();
    expect(await page.getByRole('link', { name: 'Return to homepage' }).getAttribute('href')).toBe(
      '/',
    );
    await expectNoAxeViolations(page);
  });

  it('matches routes case-insensitively', async () => {
    await page.goto(`${verityUrl()}/ABOUT`);
    await expect.poll(() => heading().textContent()).toBe('About Verity');
  });

  it('shows the generic error screen at /error', async () => {
    await page.goto(`${verityUrl()}/error`);
    await expect
      .poll(() => heading().textContent())
      .toBe('Oops. Something went wrong please try again later.');
    await expectNoAxeViolations(page);
  });

  it("explains an unknown sign-in request with the server's message", async () => {
    await page.goto(`${verityUrl()}/requests/abcdefghijklmnopqrstuvwxyz`);
    await page
      .getByText('This sign-in request has expired or does not exist.', { exact: false })
      .waitFor();
    expect(await heading().textContent()).toBe(
      'Oops. Something went wrong please try again later.',
    );
    await expectNoAxeViolations(page);
  });

  it('offers a skip link and moves focus to the heading after navigation', async () => {
    await page.goto(`${verityUrl()}/about`);
    await heading().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to main content',
    );
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
    await expect.poll(() => heading().textContent()).toBe('Contact Us');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('loads a screen on its first visit, saying so accessibly while it is slow', async () => {
    const contactChunk = '**/assets/ContactPage-*.js';
    const requested: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(contactChunk, async (route) => {
      requested.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto(`${verityUrl()}/about`);
    await expect.poll(() => heading().textContent()).toBe('About Verity');
    expect(requested).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('status').getByText('Please wait...').waitFor();
    expect(requested).toHaveLength(1);
    await expectNoAxeViolations(page);
    release();
    await expect.poll(() => heading().textContent()).toBe('Contact Us');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.getByText('Please wait...').count()).toBe(0);
  });

  it('works the About menu from the keyboard', async () => {
    await page.goto(`${verityUrl()}/about`);
    await page.getByRole('button', { name: 'About' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation').getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/privacy');
    // Following a link closes the menu.
    expect(await page.getByRole('button', { name: 'About' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens the About menu with Down, closes it with Escape, Tab and a click outside', async () => {
    await page.goto(`${verityUrl()}/about`);
    await expect.poll(() => heading().textContent()).toBe('About Verity');
    const about = page.getByRole('button', { name: 'About' });
    const terms = page.getByRole('navigation').getByRole('link', { name: 'Terms & Conditions' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    expect(await terms.isVisible()).toBe(false);

    // Down from the button opens it on its first link; Up, End and Home move within it.
    await about.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Terms & Conditions');
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Contact Us');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Contact Us');
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('Terms & Conditions');

    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('About');
    expect(await about.getAttribute('aria-expanded')).toBe('false');
    expect(await terms.isVisible()).toBe(false);

    // Space opens it, focus stays on the button; Tab goes through its links and out of it.
    await page.keyboard.press(' ');
    await terms.waitFor();
    await expect.poll(focused).toBe('About');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Terms & Conditions');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Privacy Policy');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Contact Us');
    expect(await about.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('main')?.id))
      .toBe('main');
    await expect.poll(() => about.getAttribute('aria-expanded')).toBe('false');

    // A click elsewhere on the page closes it.
    await about.click();
    await terms.waitFor();
    await page.locator('h1').click();
    await terms.waitFor({ state: 'hidden' });
    expect(await about.getAttribute('aria-expanded')).toBe('false');
  });

  it('folds the navigation behind a toggle button on a narrow screen', async () => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`${verityUrl()}/about`);
    await expect.poll(() => heading().textContent()).toBe('About Verity');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const about = page.getByRole('button', { name: 'About' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await about.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await about.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await about.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Contact Us' }).waitFor();
    await expectNoAxeViolations(page);

    await toggle.click();
    await about.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
