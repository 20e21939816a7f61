import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, redirectUri, startServerWithClient } from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';

/** The language of a request's screens: ui_locales, the remembered cookie, <html lang>. */
describe.each(databaseTargets())('the language of the screens (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      { name: 'Language client', redirectUris: [redirectUri], skipConsent: true },
    ));
  });
  afterAll(async () => server?.close());

  /** Starts a request with these parameters and lands on its entry page, as a browser does. */
  async function landOnRequest(browser: ApiBrowser, params: Record<string, string>) {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      ...params,
    });
    const location = (await browser.fetch(url.href)).headers.get('location')!;
    const entry = await browser.fetch(`${server.url}${location}`);
    const requestId = location.split('/').pop()!;
    const info = await browser.post(`/api/requests/${requestId}`);
    return { entry, html: await entry.text(), info: info.body };
  }

  const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

  it('discovery lists the languages a client can ask for', async () => {
    const document = (await (
      await fetch(`${server.url}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(document.ui_locales_supported).toEqual(['en', 'cy']);
  });

  it.each([
    ['cy', 'cy'],
    ['fr-CA cy-GB en', 'cy'],
    ['en-GB cy', 'en'],
  ])('ui_locales=%j starts the request in %s and remembers it', async (uiLocales, language) => {
    const browser = new ApiBrowser(server);
    const { entry, html, info } = await landOnRequest(browser, { ui_locales: uiLocales });
    expect(htmlLang(html)).toBe(language);
    expect(info.language).toBe(language);
    const cookie = entry.headers.getSetCookie().find((c) => c.startsWith('verity_lang='));
    expect(cookie).toMatch(new RegExp(`^verity_lang=${language}; Max-Age=31536000; Path=/;`));
    expect(cookie).toMatch(/SameSite=Lax/);
    // Remembered: the SPA's other pages are served in it.
    const login = await browser.fetch(`${server.url}/login`);
    expect(htmlLang(await login.text())).toBe(language);
  });

  it.each([[{}], [{ ui_locales: 'de fr' }], [{ ui_locales: '' }]])(
    'a request without a supported ui_locales (%j) keeps the browser language',
    async (params) => {
      const browser = new ApiBrowser(server);
      const first = await landOnRequest(browser, params);
      expect(htmlLang(first.html)).toBe('en');
      expect(first.info).not.toHaveProperty('language');
      expect(first.entry.headers.getSetCookie().join()).not.toContain('verity_lang');
      // A browser that chose Welsh with the switcher stays in Welsh.
      const welsh = new ApiBrowser(server);
      await welsh.fetch(`${server.url}/login`, { headers: { cookie: 'verity_lang=cy' } });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        ...params,
      });
      const location = (await welsh.fetch(url.href)).headers.get('location')!;
      const cookies = `${welsh.header()}; verity_lang=cy`;
      const entry = await welsh.fetch(`${server.url}${location}`, { headers: { cookie: cookies } });
      expect(htmlLang(await entry.text())).toBe('cy');
    },
  );

  it.each(['fr', 'CY', '"><script>alert(1)</script>', 'cy;en', ''])(
    'a language cookie of %j serves the page in English, echoing nothing',
    async (value) => {
      const page = await fetch(`${server.url}/login`, {
        headers: { cookie: `verity_lang=${encodeURIComponent(value)}` },
      });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(htmlLang(html)).toBe('en');
      expect(html).not.toContain('<script>alert');
      expect(page.headers.get('vary')).toMatch(/cookie/i);
    },
  );

  it('a Welsh cookie serves every SPA page in Welsh, and the 404 page too', async () => {
    for (const path of ['/login', '/signup', '/no-such-page']) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie: 'verity_lang=cy' } });
      expect(htmlLang(await page.text())).toBe('cy');
    }
  });
});
