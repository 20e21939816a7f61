import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  strongPassword,
} from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

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

/** The codes the server sends, in the browser's remembered language. */
describe.each(databaseTargets())('the codes e-mailed in the chosen language (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function register(cookie: string | null) {
    const email = `${randomUUID()}@example.com`;
    const answer = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      }),
    });
    expect(answer.status).toBe(200);
    const [message] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    return message!;
  }

  it('e-mails the sign-up code in Welsh to a browser that chose Welsh', async () => {
    const message = await register('verity_lang=cy');
    expect(message.subject).toMatch(/^Eich cod gwirio e-bost: \d{6}$/);
    expect(message.body).toMatch(/^Eich cod yw \d{6}\n\nRhowch ef i wirio eich cyfeiriad e-bost/);
  });

  it.each([null, 'verity_lang=en', 'verity_lang=fr'])(
    'e-mails it in English otherwise (cookie %j)',
    async (cookie) => {
      const message = await register(cookie);
      expect(message.subject).toMatch(/^Your e-mail verification code: \d{6}$/);
      expect(message.body).toMatch(/^Your code is \d{6}\n\nEnter it to verify your e-mail/);
    },
  );

  it('e-mails the password reset code in the language of the browser asking', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const reset = await fetch(`${server.url}/api/forgotpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'verity_lang=cy' },
      body: JSON.stringify({ Email: email }),
    });
    expect(reset.status).toBe(200);
    const [message] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    expect(message!.subject).toMatch(/^Eich cod ailosod cyfrinair: \d{6}$/);
    expect(message!.body).toMatch(/Rhowch ef i ailosod eich cyfrinair Verity\./);
  });
});

/** The provider's own pages (logout, errors) in the browser's remembered language. */
describe.each(databaseTargets())("the provider's pages in the chosen language (%s)", (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  const page = async (path: string, cookie?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    });
    return response.text();
  };

  it.each([
    ['cy', 'cy', 'Ydych chi am allgofnodi o Verity?', 'Ydw, allgofnodwch fi', "Allgofnodi'n"],
    [
      undefined,
      'en',
      'Do you want to sign out of Verity?',
      'Yes, sign me out',
      'Logout successful.',
    ],
    ['<b>', 'en', 'Do you want to sign out of Verity?', 'Yes, sign me out', 'Logout successful.'],
  ])('logging out with language cookie %j is in %s', async (chosen, lang, question, yes, done) => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const cookie = () =>
      chosen === undefined ? browser.header() : `${browser.header()}; verity_lang=${chosen}`;
    const asked = await browser.fetch(`${server.url}/oidc/session/end`, {
      headers: { cookie: cookie() },
    });
    const html = await asked.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<h1>${question}</h1>`);
    expect(html).toContain(`>${yes}</button>`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.fetch(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    const success = await browser.fetch(
      new URL(confirmed.headers.get('location')!, server.url).href,
      { headers: { cookie: cookie() } },
    );
    const page = await success.text();
    expect(page).toContain(`<html lang="${lang}">`);
    expect(page).toContain(`<h1>${done.replace("'", '&#39;')}`);
  });

  it.each([
    ['verity_lang=cy', 'cy', 'Banc Blwch Tywod: mae rhywbeth o&#39;i le'],
    [undefined, 'en', 'Sandbox Bank: something is wrong'],
  ])("the sandbox bank's error page with cookie %j is in %s", async (cookie, lang, heading) => {
    const html = await page('/sandbox-bank/?redirect_uri=https://elsewhere.example/', cookie);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<h1>${heading}</h1>`);
  });

  it.each([
    ['verity_lang=cy', 'cy', 'Wps. Aeth rhywbeth o&#39;i le'],
    [undefined, 'en', 'Oops. Something went wrong please try again later.'],
  ])('an error page with cookie %j is in %s', async (cookie, lang, heading) => {
    const html = await page('/oidc/auth?client_id=no-such-client&response_type=code', cookie);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<h1>${heading}`);
    expect(html).toContain('<code>invalid_client</code>');
  });
});

/** The share e-mail: in the sharer's language, the other language offered too. */
describe.each(databaseTargets())('the share e-mail in the sharer’s language (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function share(language: string | null) {
    const sharer = `${randomUUID()}@example.com`;
    const browser = await signUp(server, sharer);
    if (language) {
      browser.store(new Response(null, { headers: { 'set-cookie': `verity_lang=${language}` } }));
    }
    const recipient = `${randomUUID()}@example.com`;
    const shared = await browser.post('/api/share', { email: recipient });
    expect(shared.status).toBe(200);
    const [message] = await server.ctx.outbox.list({ recipient, limit: 1 });
    // The sharer is told too, in the language of the browser that shared.
    const [notice] = await server.ctx.outbox.list({ recipient: sharer, limit: 1 });
    expect(notice?.subject).toBe(
      language === 'cy'
        ? "Hunaniaeth wedi'i rhannu ar eich cyfrif Verity"
        : 'Identity shared on your Verity account',
    );
    return message!;
  }

  it('is in English with a Welsh line when the sharer uses English', async () => {
    for (const language of [null, 'en', 'fr']) {
      const message = await share(language);
      expect(message.subject).toBe('A Verity user has shared their identity checks with you');
      expect(message.body).toMatch(/^The Verity account \S+ has shared its identity checks/);
      expect(message.body).toMatch(/The link works until \w{3}, \d{2} \w{3} \d{4} /);
      expect(message.body).toMatch(/\nMae'r dudalen ar gael yn Gymraeg hefyd: .*$/);
    }
  });

  it('is in Welsh, then in English in full, when the sharer uses Welsh', async () => {
    const message = await share('cy');
    expect(message.subject).toBe(
      'Mae un o ddefnyddwyr Verity wedi rhannu ei wiriadau hunaniaeth â chi / A Verity user has shared their identity checks with you',
    );
    const [welsh, english] = message.body.split('\n\n----------\n\n');
    expect(welsh).toMatch(/^Mae cyfrif Verity \S+ wedi rhannu ei wiriadau hunaniaeth/);
    expect(welsh).toMatch(/Mae'r ddolen yn gweithio tan .+ UTC\./);
    expect(english).toMatch(/^The Verity account \S+ has shared its identity checks/);
    // The same link in both.
    const links = message.body.match(/http\S+\/shared#[A-Za-z0-9_-]{43}/g);
    expect(links).toHaveLength(2);
    expect(links![0]).toBe(links![1]);
  });
});

/** The standard profile fields, titled and explained in the user's language. */
describe.each(databaseTargets())('the profile fields in the chosen language (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function fields(language: string | null) {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    if (language) {
      browser.store(new Response(null, { headers: { 'set-cookie': `verity_lang=${language}` } }));
    }
    const answer = await browser.fetch(`${server.url}/api/profile`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as Array<{
      name: string;
      title: string;
      validators?: Array<{ message?: string }>;
    }>;
  }

  it('are in Welsh for a Welsh browser, the same rules kept', async () => {
    const [welsh, english] = [await fields('cy'), await fields(null)];
    expect(welsh.map((field) => field.title)).toEqual([
      'Enwau cyntaf',
      'Cyfenw',
      'Dyddiad geni',
      'Cyfeiriad',
      'Rhif ffôn',
    ]);
    expect(english.map((field) => field.title)).toEqual([
      'Given names',
      'Family name',
      'Date of birth',
      'Address',
      'Phone number',
    ]);
    expect(welsh[0]!.validators?.map((validator) => validator.message)).toEqual([
      "Rhaid i'r enwau cyntaf fod yn 100 nod neu lai",
      "Rhaid i'r enwau cyntaf ddechrau gyda llythyren a chynnwys llythrennau, bylchau, cysylltnodau a chollnodau yn unig",
    ]);
    // The same fields and rules otherwise.
    const rules = (list: typeof welsh) =>
      list.map(({ title: _title, validators, ...rest }) => ({
        ...rest,
        validators: validators?.map(({ message: _message, ...rule }) => rule),
      }));
    expect(rules(welsh)).toEqual(rules(english));
  });
});
