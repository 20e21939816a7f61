/**
 * Social login in a real browser against local fake providers (an OpenID Connect provider
 * as Google, and a fake of Facebook's dialog and Graph API): the 600 by 600 popup from the
 * relying party, a cancel, a message from a foreign origin ignored, the full-page redirect
 * where popups are blocked, and the account's sign-in methods (link and remove).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  socialEnv,
  startFakeFacebook,
  startFakeOpenIdProvider,
  type FakeSocialProvider,
} from '../packages/server/src/test/fakeSocialProviders.js';
import { expectNoAxeViolations, openAccountMenu, useStack } from './harness.js';

/**
 * A popup's inner size. It goes to the provider and back at once, so a read can meet a
 * navigation ('Execution context was destroyed'): read again in the next page, while it is open.
 */
async function innerSize(popup: Page): Promise<number[] | null> {
  while (!popup.isClosed()) {
    try {
      return await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
    } catch {
      await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    }
  }
  return null;
}

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

describe('social login', () => {
  let google: FakeSocialProvider | undefined;
  let facebook: FakeSocialProvider | undefined;

  // Started before the stack (hooks run in order), which reads their addresses.
  beforeAll(async () => {
    google = await startFakeOpenIdProvider();
    facebook = await startFakeFacebook();
  });
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
  });

  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent'],
    verityEnv: () => socialEnv({ google, facebook }),
  });

  const fakeGoogle = () => google!;
  const fakeFacebook = () => facebook!;

  async function onVerity(target: Page, path: string): Promise<void> {
    const { verityUrl } = env.stack();
    await target.waitForURL(
      (url) => url.origin === verityUrl && url.pathname.toLowerCase() === path.toLowerCase(),
    );
    await target.locator('h1').first().waitFor();
  }

  async function startAtRelyingParty(target: Page): Promise<void> {
    await target.goto(`${env.stack().rpUrl}/`);
    await target.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(target, '/signup');
  }

  async function expectBackAtRelyingParty(target: Page, email: string): Promise<void> {
    await target.waitForURL(`${env.stack().rpUrl}/me`);
    await target.getByText(email).first().waitFor();
  }

  async function checkAccessibility(target: Page): Promise<void> {
    await target.mouse.move(0, 0);
    await target.waitForTimeout(250);
    await expectNoAxeViolations(target);
  }

  /** Calls of POST /api/login/{provider} the page makes. */
  function socialLoginCalls(target: Page): Request[] {
    const calls: Request[] = [];
    target.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/login\/(google|facebook)$/.test(request.url()))
        calls.push(request);
    });
    return calls;
  }

  it('signs up with Google in a 600 by 600 popup, with the keyboard, and returns to the client', async () => {
    const page = env.page();
    const email = newEmail();
    fakeGoogle().signInAs({ sub: randomUUID(), email, email_verified: true });
    await startAtRelyingParty(page);
    await page.getByRole('button', { name: 'Sign up with Facebook' }).waitFor();
    await checkAccessibility(page);

    // Signing up asks for the terms first, as /signup2 does.
    const button = page.getByRole('button', { name: 'Sign up with Google' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('I accept the terms and conditions').focus();
    await page.keyboard.press('Space');
    await button.focus();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    expect(await innerSize(popup)).toEqual([600, 600]);
    await popup.waitForEvent('close');
    await expectBackAtRelyingParty(page, email);
  });

  it('shows a message when the user cancels at the provider, and when the e-mail is not verified', async () => {
    const page = env.page();
    await startAtRelyingParty(page);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await onVerity(page, '/login');

    fakeFacebook().cancelNext();
    await page.getByRole('button', { name: 'Log in with Facebook' }).click();
    await page
      .getByRole('alert')
      .getByText('You cancelled signing in with Facebook. Choose another way, or try again.')
      .waitFor();

    fakeGoogle().signInAs({ sub: randomUUID(), email: newEmail(), email_verified: false });
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await page
      .getByRole('alert')
      .getByText('Google has not verified your e-mail address', { exact: false })
      .waitFor();

    // From /login no account is created (no terms accepted): the user is sent to sign up.
    fakeGoogle().signInAs({ sub: randomUUID(), email: newEmail(), email_verified: true });
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await page
      .getByRole('alert')
      .getByText('There is no account with your Google e-mail address yet. Sign up to create one.')
      .waitFor();
    await checkAccessibility(page);
    expect(page.url()).toContain('/login');
  });

  it('ignores a result from a foreign origin or for another state', async () => {
    const page = env.page();
    const context = page.context();
    const email = newEmail();
    fakeGoogle().signInAs({ sub: randomUUID(), email, email_verified: true });
    // The provider's page holds the popup until the test lets it go on.
    let held: string | null = null;
    await context.route(`${fakeGoogle().url}/authorize**`, async (route) => {
      if (held === null) {
        held = route.request().url();
        await route.fulfill({ contentType: 'text/html', body: '<title>Provider</title>' });
      } else await route.continue();
    });
    const calls = socialLoginCalls(page);
    await page.goto(`${env.stack().verityUrl}/signup`);
    await page.getByLabel('I accept the terms and conditions').check();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await expect.poll(() => held).not.toBeNull();
    const state = new URL(held!).searchParams.get('state')!;

    await page.evaluate(
      ({ state, verityUrl }) => {
        const post = (origin: string, result: object) =>
          window.dispatchEvent(
            new MessageEvent('message', {
              origin,
              data: { type: 'verity-social-result', result },
            }),
          );
        post('http://127.0.0.1:9', { state, code: 'from-a-foreign-origin' });
        post(verityUrl, { state: 'another-state', code: 'for-another-attempt' });
      },
      { state, verityUrl: env.stack().verityUrl },
    );
    await page.waitForTimeout(500);
    expect(calls).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/signup');

    // The real answer still works.
    await popup.goto(held!);
    await page.waitForURL(`${env.stack().verityUrl}/`);
    expect(calls).toHaveLength(1);
    await page.getByText(email).first().waitFor();
  });

  it('falls back to a full-page redirect where popups are blocked', async () => {
    const page = env.page();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const email = newEmail();
    fakeFacebook().signInAs({ sub: String(Date.now()), email });
    await startAtRelyingParty(page);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign up with Facebook' }).click();
    await expectBackAtRelyingParty(page, email);
  });

  it('shows a cancel on the callback page after a redirect, and links through a redirect too', async () => {
    const page = env.page();
    const { verityUrl } = env.stack();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${verityUrl}/signup`);
    await page.getByLabel('I accept the terms and conditions').check();
    fakeGoogle().cancelNext();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await onVerity(page, '/callback');
    await page
      .getByRole('alert')
      .getByText('You cancelled signing in with Google. Choose another way, or try again.')
      .waitFor();
    // The code and state do not stay in the address bar.
    expect(new URL(page.url()).search).toBe('');
    await checkAccessibility(page);
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await onVerity(page, '/login');

    const email = newEmail();
    await page.goto(`${verityUrl}/signup`);
    await page.getByLabel('I accept the terms and conditions').check();
    fakeGoogle().signInAs({ sub: randomUUID(), email, email_verified: true });
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.waitForURL(`${verityUrl}/`);
    await page.goto(`${verityUrl}/account/signin-methods`);
    fakeFacebook().signInAs({ sub: String(Date.now()), email: 'redirected@facebook.example' });
    await page.getByRole('button', { name: 'Link Facebook' }).click();
    await onVerity(page, '/account/signin-methods');
    await page.getByText('Facebook is now linked to your account.').waitFor();
    await page.getByText('redirected@facebook.example').waitFor();
  });

  it('lists sign-in methods, links Facebook in a popup and removes Google, never the last; after an old login, logs in again and comes back', async () => {
    const page = env.page();
    const { verityUrl } = env.stack();
    const email = newEmail();
    fakeGoogle().signInAs({ sub: randomUUID(), email, email_verified: true });
    await page.goto(`${verityUrl}/signup`);
    await page.getByLabel('I accept the terms and conditions').check();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await popup.waitForEvent('close');
    await page.waitForURL(`${verityUrl}/`);

    await openAccountMenu(page, email);
    await page.getByRole('link', { name: 'Sign-in methods' }).click();
    await onVerity(page, '/account/signin-methods');
    await page.getByText('This is your only way to sign in.').waitFor();
    expect(await page.getByRole('button', { name: 'Remove Google' }).count()).toBe(0);
    // No password yet: the page says how to set one.
    await page.getByRole('link', { name: 'Forgot Password' }).waitFor();
    await checkAccessibility(page);

    const facebookUser = { sub: String(Date.now()), email: 'me@facebook.example' };
    fakeFacebook().signInAs(facebookUser);
    await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Link Facebook' }).click(),
    ]);
    await page.getByText('Facebook is now linked to your account.').waitFor();
    await page.getByText('me@facebook.example').waitFor();

    await page.getByRole('button', { name: 'Remove Google' }).click();
    await page.getByText('Google has been removed.').waitFor();
    await page.getByText('This is your only way to sign in.').waitFor();
    expect(await page.getByRole('button', { name: 'Link Google' }).count()).toBe(1);
    await checkAccessibility(page);

    // The login grows old (past the 15 minutes of the server's rule): linking is refused, and
    // 'Log in again' ends the session, logs in at /login and comes back to this page.
    const db = new Database(path.join(env.stack().dataDir, 'verity.sqlite'), {
      fileMustExist: true,
    });
    db.prepare(
      "update oidc_payloads set payload = json_set(payload, '$.loginTs', json_extract(payload, '$.loginTs') - 3600) where model = 'Session'",
    ).run();
    db.close();
    await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Link Google' }).click(),
    ]);
    await page
      .getByRole('alert')
      .getByText('For your security, please log in again before changing how you sign in.')
      .waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Log in again' }).click();
    await onVerity(page, '/login');
    fakeFacebook().signInAs(facebookUser);
    await page.getByRole('button', { name: 'Log in with Facebook' }).click();
    await onVerity(page, '/account/signin-methods');
    fakeGoogle().signInAs({ sub: randomUUID(), email, email_verified: true });
    await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Link Google' }).click(),
    ]);
    await page.getByText('Google is now linked to your account.').waitFor();
  });
});
