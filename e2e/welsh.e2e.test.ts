/**
 * The service in Welsh (Cymraeg) in a real browser at desktop width: the switcher on /login,
 * a sign-up and the main screens in Welsh with axe's WCAG 2.2 AA rules on each, <html lang>
 * following the language, and a client's ui_locales=cy starting its request in Welsh.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  onVerity,
  outboxMessages,
  strongPassword,
  useStack,
  waitForEmailCode,
  type Stack,
} from './harness.js';

/** axe's WCAG 2.0, 2.1 and 2.2 A and AA rules, the pointer moved off the page first. */
async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n'),
  );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

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

  it('switches to Cymraeg on /login, signs up and walks the main screens in Welsh', async () => {
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
    await expectAccessible(page);

    // Remembered in a cookie the server reads: a fresh load is Welsh from the first byte.
    const cookies = await page.context().cookies(stack.verityUrl);
    expect(cookies.find((cookie) => cookie.name === 'verity_lang')?.value).toBe('cy');
    const response = await page.goto(`${stack.verityUrl}/signup2`);
    expect(await response?.text()).toContain('<html lang="cy"');
    await heading(page, 'Creu eich cyfrif').waitFor();
    await expectAccessible(page);

    // Sign up in Welsh.
    const email = `cymraeg-${randomUUID()}@example.com`;
    await page.getByLabel('E-bost', { exact: true }).fill(email);
    await page.getByLabel('Cyfrinair', { exact: true }).fill(strongPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Creu fy nghyfrif' }).click();
    await onVerity(stack, page, '/verifyemail');
    await heading(page, 'Gwirio eich e-bost').waitFor();
    await expectAccessible(page);
    await page
      .getByLabel(`Rhowch y cod a anfonwyd gennym at ${email}`)
      .fill(await waitForEmailCode(stack.verityUrl, email));
    await page.getByRole('button', { name: 'Gwirio', exact: true }).click();

    // Home, then the account pages from the menu, all in Welsh.
    await onVerity(stack, page, '/');
    await heading(page, 'Croeso i Verity').waitFor();
    await page.getByRole('heading', { name: 'Gweithgarwch diweddar' }).waitFor();
    // The activity's titles come from the server, in Welsh.
    await page.getByText("Cyfeiriad e-bost wedi'i wirio").first().waitFor();
    await expectLanguage(page, 'cy');
    await expectAccessible(page);

    // The e-mailed code was in Welsh too.
    const [codeMail] = await outboxMessages(stack.verityUrl, email);
    expect(codeMail?.subject).toMatch(/^Eich cod gwirio e-bost: \d{6}$/);

    // 'Your details': the standard fields' titles come from the server, in Welsh.
    await page.goto(`${stack.verityUrl}/Profile`);
    await heading(page, 'Eich manylion').waitFor();
    await page.getByLabel('Enwau cyntaf', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Dyddiad geni' }).getByLabel('Diwrnod').waitFor();
    await expectAccessible(page);

    await page.goto(`${stack.verityUrl}/account/share`);
    await heading(page, 'Rhannu eich hunaniaeth ag eraill').waitFor();
    await page.getByLabel('Cyfeiriad e-bost y derbynnydd').waitFor();
    await expectAccessible(page);

    await page.goto(`${stack.verityUrl}/account/delete`);
    await heading(page, 'Dileu eich cyfrif').waitFor();
    await expectAccessible(page);

    await page.goto(`${stack.verityUrl}/contact`);
    await heading(page, 'Cysylltu â ni').waitFor();
    await expectAccessible(page);

    // The legal pages and About, from the catalogue too.
    for (const [path, title] of [
      ['/terms', 'Telerau ac Amodau'],
      ['/privacy', 'Polisi Preifatrwydd'],
      ['/about', 'Ynglŷn â Verity'],
    ]) {
      await page.goto(`${stack.verityUrl}${path}`);
      await heading(page, title!).waitFor();
      await expectAccessible(page);
    }
    // The privacy policy names the language cookie (after the spec's paragraph).
    await page.goto(`${stack.verityUrl}/privacy`);
    await page.getByText(/mewn cwci o’r enw verity_lang am flwyddyn/).waitFor();

    await page.goto(`${stack.verityUrl}/no-such-page`);
    await heading(page, "Heb ddod o hyd i'r dudalen").waitFor();
    await expectAccessible(page);

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
    await expectAccessible(page);
    const cookies = await page.context().cookies(stack.verityUrl);
    expect(cookies.find((cookie) => cookie.name === 'verity_lang')?.value).toBe('cy');
  });
});
