/**
 * The platform in a real browser: the SPA served by Verity, and a sign-in started by the demo
 * relying party that reaches Verity's first screen.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useStack, type Stack } from './harness.js';

describe('platform', () => {
  const env = useStack();
  let page: Page;

  beforeEach(() => {
    page = env.page();
  });

  const running = (): Stack => env.stack();

  it('loads the SPA: / goes to /about, with a navigation bar and no accessibility violations', async () => {
    const { verityUrl } = running();
    await page.goto(`${verityUrl}/`);
    await page.waitForURL(`${verityUrl}/about`);
    await expect.poll(() => page.getByRole('navigation').first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("shows 'Page Not Found' for an unknown path, and 'Return to homepage' goes to /", async () => {
    const { verityUrl } = running();
    await page.goto(`${verityUrl}/no-such-page`);
    await page.getByText('Page Not Found').first().waitFor();
    const home = page.getByRole('link', { name: 'Return to homepage' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    // / then sends an anonymous visitor on to /about.
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/about');
    await page.waitForURL(`${verityUrl}/about`);
  });

  it('lets the keyboard reach the skip link or the About menu', async () => {
    const { verityUrl } = running();
    await page.goto(`${verityUrl}/about`);
    await page.getByRole('navigation').first().waitFor();
    const reached: string[] = [];
    for (let press = 0; press < 10; press++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return '';
        return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      });
      reached.push(focused);
      if (/skip|about/i.test(focused)) break;
    }
    expect(reached.at(-1), `focus went through: ${JSON.stringify(reached)}`).toMatch(/skip|about/i);
  });

  it("shows the demo relying party's page with 'Sign in with Verity', accessibly", async () => {
    const { rpUrl } = running();
    await page.goto(`${rpUrl}/`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in with Verity' }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
  });

  it('signs in from the relying party through the authorization endpoint to /signup', async () => {
    const { verityUrl, rpUrl } = running();
    const discovery = (await (
      await fetch(`${verityUrl}/.well-known/openid-configuration`)
    ).json()) as { authorization_endpoint: string };

    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        navigations.push(request.url());
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await page.goto(`${rpUrl}/`);
    const requestInfo = page.waitForResponse(
      (response) =>
        /\/api\/requests\/[^/]+$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();

    // The provider accepted it and handed the browser to the SPA's request entry, which the
    // server tied to this browser's interaction.
    expect((await requestInfo).ok()).toBe(true);
    await page.waitForURL(
      (url) => url.origin === verityUrl && url.pathname.toLowerCase() === '/signup',
    );
    expect(
      navigations.some((address) => {
        const url = new URL(address);
        return url.origin === verityUrl && /^\/requests\/[^/]+$/.test(url.pathname);
      }),
      `navigations: ${navigations.join('\n')}`,
    ).toBe(true);
    await page.getByRole('link', { name: 'Register here' }).waitFor();

    // The authorization request carried PKCE S256 and went to Verity's endpoint.
    const authorization = navigations
      .map((address) => new URL(address))
      .find((url) => url.href.startsWith(`${discovery.authorization_endpoint}?`));
    expect(authorization, `navigations: ${navigations.join('\n')}`).toBeDefined();
    expect(authorization?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization?.searchParams.get('redirect_uri')).toBe(`${rpUrl}/callback`);
  });
});
