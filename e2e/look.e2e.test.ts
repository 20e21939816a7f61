/**
 * The look (issue 21 item 1) in a real browser: the client's logo, name and colours on every
 * step of its request, the dark scheme following the system setting with axe's WCAG 2.2 AA
 * rules, no sideways scrolling at 320 px, and the PIN pad driven by the keyboard alone.
 * LOOK_SCREENSHOTS=<folder> keeps a picture of each screen visited, to look at the result.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  onVerity as onVerityOf,
  strongPassword,
  useStack,
  waitForEmailCode,
} from './harness.js';

/** The client's own colours (--theme-primary, --theme-primary-dark) as the browser gives them. */
const PRIMARY = 'rgb(164, 22, 26)';
const PRIMARY_DARK = 'rgb(255, 155, 143)';
/** Verity's own primary colour (builtInThemes.default), outside any request. */
const VERITY_PRIMARY = 'rgb(31, 79, 209)';
const CLIENT = 'Demo relying party';

describe('the look of the pages', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ({ verityUrl }) => [
      '--skip-consent',
      '--require-pin',
      '--logo-uri',
      `${verityUrl}/providers/Sandbox%20Bank.svg`,
      '--theme-primary',
      '#A4161A',
      '--theme-primary-dark',
      '#ff9b8f',
    ],
  });

  const onVerity = (page: Page, where: string) => onVerityOf(env.stack(), page, where);

  async function newPage(options: BrowserContextOptions): Promise<Page> {
    const context = await env.browser().newContext(options);
    return context.newPage();
  }

  /** The provider's own error page, for an authorization request from no known client. */
  const serverRenderedError = () =>
    `${env.stack().verityUrl}/oidc/auth?client_id=nobody&response_type=code&scope=openid`;

  let shots = 0;
  /** Saves the screen when LOOK_SCREENSHOTS names a folder; does nothing otherwise. */
  async function shot(page: Page, name: string): Promise<void> {
    const folder = process.env.LOOK_SCREENSHOTS;
    if (!folder) return;
    mkdirSync(folder, { recursive: true });
    shots += 1;
    const file = `${String(shots).padStart(2, '0')}-${name}.png`;
    await page.screenshot({ path: path.join(folder, file), fullPage: true });
  }

  /** The client's logo (loaded) and name above the step. */
  async function expectClientHeader(page: Page): Promise<void> {
    const header = page.getByTestId('client-header');
    await header.getByText(CLIENT, { exact: true }).waitFor();
    const logo = header.locator('img');
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  }

  const style = (page: Page, name: string, property: 'color' | 'backgroundColor') =>
    page
      .getByRole('button', { name, exact: true })
      .evaluate((element, key) => getComputedStyle(element)[key], property);

  /** From the relying party to the PIN login's consent, then to /signup. */
  async function startAtRelyingParty(page: Page, name: string): Promise<void> {
    await page.goto(`${env.stack().rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(page, '/mpinlogin');
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await shot(page, `${name}-mpinlogin`);
  }

  async function toSignup(page: Page, name: string): Promise<void> {
    await page.getByLabel('I agree with the Verity Terms and Conditions').check();
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await onVerity(page, '/signup');
    await shot(page, `${name}-signup`);
  }

  /** /signup2 through the e-mail code to the PIN pad at /mpinsetup. */
  async function registerToPinPad(page: Page, name: string): Promise<void> {
    const email = `look-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByRole('link', { name: 'Register here' }).click();
    await onVerity(page, '/signup2');
    await shot(page, `${name}-signup2`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(strongPassword);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await onVerity(page, '/verifyemail');
    await shot(page, `${name}-verifyemail`);
    const code = await waitForEmailCode(env.stack().verityUrl, email);
    await page.getByLabel(`Please enter the code we sent to ${email}`).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await onVerity(page, '/mpinsetup');
    await page.getByText('Choose Your Verity M-Pin').waitFor();
    await shot(page, `${name}-mpinsetup`);
  }

  /** Tabs (forwards, wrapping) to the pad's key for `digit` and presses it with Enter. */
  async function pressKeyByKeyboard(page: Page, digit: string): Promise<void> {
    for (let tabs = 0; tabs < 60; tabs += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        return element instanceof HTMLButtonElement && element.closest('.pin-pad')
          ? { text: element.textContent, outline: getComputedStyle(element).outlineStyle }
          : null;
      });
      if (focused?.text === digit) {
        // The key in focus shows it (a solid ring, design.css).
        expect(focused.outline).toBe('solid');
        await page.keyboard.press('Enter');
        return;
      }
    }
    throw new Error(`no key ${digit} on the PIN pad could be reached with Tab`);
  }

  it('shows the client’s logo, name and colours on each step; the PIN pad takes the keyboard alone', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await startAtRelyingParty(page, 'light');
    await expectClientHeader(page);
    expect(await style(page, 'Start Verification', 'backgroundColor')).toBe(PRIMARY);
    expect(await style(page, 'Start Verification', 'color')).toBe('rgb(255, 255, 255)');

    await toSignup(page, 'light');
    await expectClientHeader(page);
    const register = page.getByRole('link', { name: 'Register here' });
    expect(await register.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe(PRIMARY);
    const logIn = page.getByRole('link', { name: 'Log in', exact: true });
    expect(await logIn.evaluate((link) => getComputedStyle(link).color)).toBe(PRIMARY);

    await registerToPinPad(page, 'light');
    await expectClientHeader(page);
    await expectNoAxeViolations(page);
    for (const digit of '2580') await pressKeyByKeyboard(page, digit);
    await page.getByText('Re-Enter Your Pin').waitFor();
    for (const digit of '2580') await pressKeyByKeyboard(page, digit);
    await page.waitForURL(`${env.stack().rpUrl}/me`, { timeout: 60_000 });

    // The request is over: Verity's own colours and no client above the page.
    await page.goto(`${env.stack().verityUrl}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'light-about');
    expect(await page.getByTestId('client-header').count()).toBe(0);
    const home = page.getByRole('navigation').getByRole('link', { name: 'Verity' });
    expect(await home.evaluate((link) => getComputedStyle(link.querySelector('svg')!).color)).toBe(
      VERITY_PRIMARY,
    );
    await page.context().close();
  });

  it('follows the system’s dark scheme, in the client’s dark colour, within WCAG 2.2 AA', async () => {
    const page = await newPage({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await startAtRelyingParty(page, 'dark');
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    expect(await style(page, 'Start Verification', 'backgroundColor')).toBe(PRIMARY_DARK);
    expect(await style(page, 'Start Verification', 'color')).toBe('rgb(17, 20, 24)');
    await expectNoAxeViolations(page);

    await toSignup(page, 'dark');
    await expectNoAxeViolations(page);
    await registerToPinPad(page, 'dark');
    await expectNoAxeViolations(page);

    for (const [where, heading] of [
      ['/about', 'About Verity'],
      ['/terms', 'Terms & Conditions'],
      ['/forgotpassword', 'Forgot your password?'],
      ['/contact', 'Contact Us'],
    ] as const) {
      await page.goto(`${env.stack().verityUrl}${where}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await shot(page, `dark-${where.slice(1)}`);
      await expectNoAxeViolations(page);
    }

    // A page the server renders itself (a protocol error) follows the system setting too,
    // under the SPA's brand header: the same mark and name, in Verity's colour (no client's).
    const brandOf = async (link: ReturnType<Page['locator']>) => ({
      name: (await link.textContent())?.trim(),
      mark: await link.locator('svg.brand-mark path').first().getAttribute('d'),
    });
    const spa = await brandOf(page.locator('.navbar-brand'));
    expect(spa.name).toBe('Verity');
    await page.goto(serverRenderedError());
    await page.getByRole('heading', { level: 1 }).waitFor();
    const serverBrand = page.getByRole('banner').getByRole('link', { name: 'Verity' });
    expect(await brandOf(serverBrand)).toEqual(spa);
    expect(await serverBrand.getAttribute('href')).toBe('/');
    expect(
      await serverBrand.locator('svg.brand-mark').evaluate((mark) => getComputedStyle(mark).color),
    ).toBe('rgb(143, 176, 255)');
    expect(await page.getByRole('banner').locator('img').count()).toBe(0);
    await shot(page, 'dark-oidc-error');
    const pageColour = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await pageColour()).toBe('rgb(17, 20, 24)');
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(pageColour).toBe('rgb(243, 245, 248)');
    await expectNoAxeViolations(page);

    // The system turns to dark while a screen of the app is open: it follows without a reload.
    await page.goto(`${env.stack().verityUrl}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    await page.context().close();
  });

  it('scrolls no screen sideways at 320 px wide', async () => {
    const page = await newPage({ viewport: { width: 320, height: 640 } });
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await startAtRelyingParty(page, 'phone');
    expect(await scrollWidth(), '/mpinlogin').toBeLessThanOrEqual(320);
    await toSignup(page, 'phone');
    expect(await scrollWidth(), '/signup').toBeLessThanOrEqual(320);
    await registerToPinPad(page, 'phone');
    expect(await scrollWidth(), '/mpinsetup').toBeLessThanOrEqual(320);

    await page.goto(serverRenderedError());
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'phone-oidc-error');
    expect(await scrollWidth(), 'the provider’s error page').toBeLessThanOrEqual(320);

    for (const where of ['/about', '/terms', '/privacy', '/contact', '/login', '/forgotpassword']) {
      await page.goto(`${env.stack().verityUrl}${where}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, `phone-${where.slice(1)}`);
      expect(await scrollWidth(), where).toBeLessThanOrEqual(320);
    }
    await page.context().close();
  });
});
