/**
 * The service in Welsh (Cymraeg) in a real browser at desktop width: the switcher on /login,
 * a sign-up in Welsh, <html lang> following the language, the choice remembered, and a
 * client's ui_locales=cy starting its request in Welsh. Every screen in Welsh with axe's
 * WCAG 2.2 AA rules is everyScreen.e2e.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  onVerity,
  outboxMessages,
  strongPassword,
  useStack,
  waitForEmailCode,
  type Stack,
} from './harness.js';

/** The page's language (<html lang>) once it is `language`. */
async function expectLanguage(page: Page, language: string): Promise<void> {
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** Fetches of the Welsh catalogue's chunk made by this page. */
function welshChunkFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/welsh-[\w-]+\.js$/.test(request.url())) fetched.push(request.url());
  });
  return fetched;
}

describe('Welsh (Cymraeg)', () => {
  const env = useStack();

  it('switches to Cymraeg on /login and signs up in Welsh; the choice is remembered', async () => {
    const stack: Stack = env.stack();
    const page = env.page();
    const welshFetches = welshChunkFetches(page);
    await page.goto(`${stack.verityUrl}/login`);
    await heading(page, 'Log in').waitFor();
    await expectLanguage(page, 'en');
    // English visitors do not download the Welsh catalogue.
    expect(welshFetches).toEqual([]);

    // The switcher names Welsh in Welsh, and is a keyboard-reachable button.
    const cymraeg = page.getByRole('button', { name: 'Cymraeg', exact: true });
    expect(await cymraeg.getAttribute('lang')).toBe('cy');
    await cymraeg.focus();
    await page.keyboard.press('Enter');
    await heading(page, 'Mewngofnodi').waitFor();
    await expectLanguage(page, 'cy');
    expect(welshFetches).toHaveLength(1);
    await page.getByRole('button', { name: 'Mewngofnodi', exact: true }).waitFor();
    expect(
      await page.getByRole('button', { name: 'English', exact: true }).getAttribute('lang'),
    ).toBe('en');
    // The catalogue loaded after the page: the switcher's own state, checked here.
    await checkAccessibility(page);

    // Remembered in a cookie the server reads: a fresh load is Welsh from the first byte.
    const cookies = await page.context().cookies(stack.verityUrl);
    expect(cookies.find((cookie) => cookie.name === 'verity_lang')?.value).toBe('cy');
    const response = await page.goto(`${stack.verityUrl}/signup2`);
    expect(await response?.text()).toContain('<html lang="cy"');
    await heading(page, 'Creu eich cyfrif').waitFor();

    // Sign up in Welsh.
    const email = `cymraeg-${randomUUID()}@example.com`;
    await page.getByLabel('E-bost', { exact: true }).fill(email);
    await page.getByLabel('Cyfrinair', { exact: true }).fill(strongPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Creu fy nghyfrif' }).click();
    await onVerity(stack, page, '/verifyemail');
    await heading(page, 'Gwirio eich e-bost').waitFor();
    await page
      .getByLabel(`Rhowch y cod a anfonwyd gennym at ${email}`)
      .fill(await waitForEmailCode(stack.verityUrl, email));
    await page.getByRole('button', { name: 'Gwirio', exact: true }).click();

    // Home, in Welsh.
    await onVerity(stack, page, '/');
    await heading(page, 'Croeso i Verity').waitFor();
    await page.getByRole('heading', { name: 'Gweithgarwch diweddar' }).waitFor();
    // The activity's titles come from the server, in Welsh.
    await page.getByText("Cyfeiriad e-bost wedi'i wirio").first().waitFor();
    await expectLanguage(page, 'cy');

    // The e-mailed code was in Welsh too.
    const [codeMail] = await outboxMessages(stack.verityUrl, email);
    expect(codeMail?.subject).toMatch(/^Eich cod gwirio e-bost: \d{6}$/);

    // 'Your details': the standard fields' titles come from the server, in Welsh.
    await page.goto(`${stack.verityUrl}/Profile`);
    await heading(page, 'Eich manylion').waitFor();
    await page.getByLabel('Enwau cyntaf', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Dyddiad geni' }).getByLabel('Diwrnod').waitFor();

    // The account pages, the legal pages and About, from the catalogue too.
    for (const [path, title] of [
      ['/account/share', 'Rhannu eich hunaniaeth ag eraill'],
      ['/account/delete', 'Dileu eich cyfrif'],
      ['/contact', 'Cysylltu â ni'],
      ['/terms', 'Telerau ac Amodau'],
      ['/privacy', 'Polisi Preifatrwydd'],
      ['/about', 'Ynglŷn â Verity'],
    ]) {
      await page.goto(`${stack.verityUrl}${path}`);
      await heading(page, title!).waitFor();
    }
    // The privacy policy names the language cookie (after the spec's paragraph).
    await page.goto(`${stack.verityUrl}/privacy`);
    await page.getByText(/mewn cwci o’r enw verity_lang am flwyddyn/).waitFor();

    await page.goto(`${stack.verityUrl}/no-such-page`);
    await heading(page, "Heb ddod o hyd i'r dudalen").waitFor();

    // And back to English, remembered too.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await heading(page, 'Page Not Found').waitFor();
    await expectLanguage(page, 'en');
    await page.goto(`${stack.verityUrl}/contact`);
    await heading(page, 'Contact Us').waitFor();
    await expectLanguage(page, 'en');
  });

  it("starts a client's request in Welsh when it asks with ui_locales=cy", async () => {
    const stack: Stack = env.stack();
    const page = env.page();
    // The demo relying party sends no ui_locales: added to the authorization request it
    // redirects to, as a client that asks for Welsh would send it.
    await page.route(`${stack.rpUrl}/**`, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'];
      if (!location?.startsWith(`${stack.verityUrl}/oidc/auth`)) return route.fulfill({ response });
      const url = new URL(location);
      url.searchParams.set('ui_locales', 'cy-GB en');
      await route.fulfill({ response, headers: { ...response.headers(), location: url.href } });
    });
    await page.goto(`${stack.rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(stack, page, '/signup');
    await heading(page, 'Cofrestru i gael mynediad at Demo relying party').waitFor();
    await expectLanguage(page, 'cy');
    await page.getByRole('link', { name: 'Cofrestrwch yma' }).waitFor();
    const cookies = await page.context().cookies(stack.verityUrl);
    expect(cookies.find((cookie) => cookie.name === 'verity_lang')?.value).toBe('cy');
  });
});
