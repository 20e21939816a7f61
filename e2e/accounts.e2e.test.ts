/**
 * Account journeys in a real browser, started from the demo relying party: sign-up with
 * e-mail verification, login (Remember me), a wrong password, forgot password, and logout,
 * with an accessibility check on every Verity screen on the way.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  outboxMessages,
  openAccountMenu,
  startStack,
  waitForEmailCode,
  type Stack,
} from './harness.js';

const strongPassword = 'correct horse battery staple 42';
const newPassword = 'violet mountain lantern orbit 77';
const failedLogin =
  'We do not recognise that e-mail and password combination, please check and try again.';

describe('accounts', () => {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  // A start-up failure (no browser, no build, a crashed server) is kept and thrown by every
  // test, so each counts as failed with the reason, rather than as skipped.
  let startupError: unknown;

  function running(): Stack {
    if (!stack) throw new Error('the stack did not start');
    return stack;
  }

  function openBrowser(): Browser {
    if (!browser) throw new Error('the browser did not start');
    return browser;
  }

  beforeAll(async () => {
    try {
      browser = await launchBrowser();
      // Accounts only: profile and consent have their own journeys (profile.e2e.test.ts).
      stack = await startStack({ scope: 'openid email', clientFlags: ['--skip-consent'] });
    } catch (error) {
      startupError = error;
    }
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  beforeEach(async () => {
    if (startupError) throw startupError;
    context = await openBrowser().newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

  /** Waits until the page shows Verity's screen at `path` (matched case-insensitively). */
  async function onVerity(target: Page, path: string): Promise<void> {
    const { verityUrl } = running();
    await target.waitForURL(
      (url) => url.origin === verityUrl && url.pathname.toLowerCase() === path.toLowerCase(),
    );
    await target.locator('h1').first().waitFor();
  }

  /**
   * The axe check, with the pointer moved off the page first: a button that appears under
   * it after a click is caught mid hover transition, in colours it never stays in.
   */
  async function checkAccessibility(target: Page): Promise<void> {
    await target.mouse.move(0, 0);
    await target.waitForTimeout(250);
    await expectNoAxeViolations(target);
  }

  async function heading(target: Page): Promise<string> {
    return ((await target.locator('h1').textContent()) ?? '').trim();
  }

  /** From the relying party's start page, 'Sign in with Verity'. */
  async function startAtRelyingParty(target: Page): Promise<void> {
    await target.goto(`${running().rpUrl}/`);
    await target.getByRole('button', { name: 'Sign in with Verity' }).click();
  }

  /** Back at the relying party's /me page, which shows the e-mail claim. */
  async function expectBackAtRelyingParty(target: Page, email: string): Promise<void> {
    const { rpUrl } = running();
    await target.waitForURL(`${rpUrl}/me`);
    await target.getByText(email).first().waitFor();
  }

  async function sessionOf(target: Page): Promise<{ loggedIn: boolean; email: string | null }> {
    const response = await target.request.get(`${running().verityUrl}/api/session`);
    return (await response.json()) as { loggedIn: boolean; email: string | null };
  }

  /** Fills /signup2 and sends it; the page then asks for the code. */
  async function fillSignup2(target: Page, email: string, password = strongPassword) {
    await target.getByLabel('Email', { exact: true }).fill(email);
    await target.getByLabel('Password', { exact: true }).fill(password);
    await target.getByLabel('I accept the terms and conditions').check();
    await target.getByRole('button', { name: 'Create my account' }).click();
    await onVerity(target, '/verifyemail');
    await target.getByLabel(`Please enter the code we sent to ${email}`).waitFor();
  }

  /** Enters the newest code e-mailed to `email` and presses Verify. */
  async function enterEmailCode(target: Page, email: string, seenIds: string[] = []) {
    const code = await waitForEmailCode(running().verityUrl, email, seenIds);
    await target.getByLabel(`Please enter the code we sent to ${email}`).fill(code);
    await target.getByRole('button', { name: 'Verify', exact: true }).click();
  }

  /** A verified account, made in a browser of its own straight at Verity (no client). */
  async function createAccount(email: string, password = strongPassword): Promise<void> {
    const own = await openBrowser().newContext();
    try {
      const target = await own.newPage();
      await target.goto(`${running().verityUrl}/signup2`);
      await fillSignup2(target, email, password);
      await enterEmailCode(target, email);
      // With no sign-in request in progress, a signed-in user is at home.
      await target.waitForURL(`${running().verityUrl}/`);
      await target.getByText('Welcome to Verity').waitFor();
    } finally {
      await own.close();
    }
  }

  /** From the relying party to Verity's /login (a new browser is offered sign-up first). */
  async function openLoginFromRelyingParty(target: Page): Promise<void> {
    await startAtRelyingParty(target);
    await onVerity(target, '/signup');
    await target.getByRole('link', { name: 'Log in', exact: true }).click();
    await onVerity(target, '/login');
  }

  async function logIn(target: Page, email: string, password: string, rememberMe = false) {
    await target.getByLabel('Email', { exact: true }).fill(email);
    await target.getByLabel('Password', { exact: true }).fill(password);
    if (rememberMe) await target.getByLabel('Remember me').check();
    await target.getByRole('button', { name: 'Login', exact: true }).click();
  }

  it('(a) signs a new user up from the relying party and returns with the e-mail claim', async () => {
    const { verityUrl } = running();
    const email = newEmail();

    await startAtRelyingParty(page);
    await onVerity(page, '/signup');
    expect(await heading(page)).toBe('Sign up to access Demo relying party');
    await checkAccessibility(page);

    await page.getByRole('link', { name: 'Register here' }).click();
    await onVerity(page, '/signup2');
    await checkAccessibility(page);

    // The e-mail turns red once left invalid, and offers a fix for a mistyped domain.
    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.fill('ada@gmial.com');
    await emailField.blur();
    await page.getByRole('button', { name: 'ada@gmail.com' }).waitFor();
    await emailField.fill('not-an-address');
    await emailField.blur();
    await page.getByText('Email is invalid').waitFor();
    expect(await emailField.getAttribute('class')).toContain('is-invalid');
    await checkAccessibility(page);
    await emailField.fill(email);
    expect(await emailField.getAttribute('class')).toContain('is-valid');

    // A weak password keeps the button disabled; a strong one fills the meter.
    const create = page.getByRole('button', { name: 'Create my account' });
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('password1');
    const meter = page.getByRole('progressbar', { name: 'Password strength' });
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('25');
    await page.getByLabel('I accept the terms and conditions').check();
    expect(await create.isDisabled()).toBe(true);
    await password.fill(strongPassword);
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')))
      .toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // The terms are enforced.
    await page.getByLabel('I accept the terms and conditions').uncheck();
    expect(await create.isDisabled()).toBe(true);
    const terms = page.getByRole('link', { name: /terms and conditions/ });
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await terms.getAttribute('rel')).toContain('noopener');
    await page.getByLabel('I accept the terms and conditions').check();
    expect(await create.isDisabled()).toBe(false);
    await create.click();

    await onVerity(page, '/verifyemail');
    const codeField = page.getByLabel(`Please enter the code we sent to ${email}`);
    await codeField.waitFor();
    await checkAccessibility(page);

    // Verify waits for 6 digits; a wrong code is explained.
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    await codeField.fill('12345');
    expect(await verify.isDisabled()).toBe(true);
    const code = await waitForEmailCode(verityUrl, email);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await verify.click();
    await page
      .getByText('This value is not correct, please check the code in the e-mail carefully.')
      .waitFor();
    expect(await codeField.getAttribute('class')).toContain('is-invalid');
    await checkAccessibility(page);

    await codeField.fill(code);
    await verify.click();
    await expectBackAtRelyingParty(page, email);
  });

  it('(b) logs a returning user in with Remember me and returns to the relying party', async () => {
    const { verityUrl } = running();
    const email = newEmail();
    await createAccount(email);

    await openLoginFromRelyingParty(page);
    expect(await heading(page)).toBe('Log in to share your details with Demo relying party');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    expect(await login.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
    await checkAccessibility(page);

    await logIn(page, email, strongPassword, true);
    await expectBackAtRelyingParty(page, email);

    // Remember me: Verity's session cookie outlives the browser session.
    const cookies = await context.cookies(verityUrl);
    const sessionCookie = cookies.find((cookie) => cookie.name === '_session');
    expect(sessionCookie, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined();
    expect(sessionCookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000);
    expect(await sessionOf(page)).toEqual({ loggedIn: true, email });
  });

  it('(c) says a wrong password is not recognised', async () => {
    const email = newEmail();
    await createAccount(email);

    await openLoginFromRelyingParty(page);
    await logIn(page, email, 'not the password at all');
    await page.getByRole('alert').filter({ hasText: failedLogin }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(failedLogin);
    await checkAccessibility(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await sessionOf(page)).loggedIn).toBe(false);
  });

  it('(d) resets a forgotten password with the e-mailed code, then logs in with it', async () => {
    const { verityUrl } = running();
    const email = newEmail();
    await createAccount(email);

    await openLoginFromRelyingParty(page);
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await onVerity(page, '/forgotpassword');
    await checkAccessibility(page);

    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.fill('not-an-address');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText('Email is invalid').waitFor();

    const seen = (await outboxMessages(verityUrl, email)).map((message) => message.id);
    await emailField.fill(email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect.poll(() => heading(page)).toBe('Verify your email');
    await checkAccessibility(page);

    const codeField = page.getByLabel('Code', { exact: true });
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    await codeField.fill('12ab');
    await verify.click();
    await page.getByText('The code should be numbers only').waitFor();
    await codeField.fill('123');
    await verify.click();
    await page.getByText('The code should be 6 digits long').waitFor();

    const code = await waitForEmailCode(verityUrl, email, seen);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await verify.click();
    await page
      .getByText('This value is not correct, please check the code in the e-mail carefully.')
      .waitFor();
    expect(await codeField.getAttribute('class')).toContain('is-invalid');
    await checkAccessibility(page);

    await codeField.fill(code);
    await verify.click();
    const passwordField = page.getByLabel('New password', { exact: true });
    await passwordField.waitFor();
    const save = page.getByRole('button', { name: 'Set new password' });
    await passwordField.fill('password1');
    expect(await save.isDisabled()).toBe(true);
    await passwordField.fill(newPassword);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await checkAccessibility(page);
    await save.click();

    await page.getByText('Your password has been changed.').waitFor();
    await checkAccessibility(page);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await onVerity(page, '/login');

    await logIn(page, email, strongPassword);
    await page.getByRole('alert').filter({ hasText: failedLogin }).waitFor();
    await logIn(page, email, newPassword);
    await expectBackAtRelyingParty(page, email);
  });

  it("(e) signs out from the relying party's Sign out, back to the relying party", async () => {
    const { rpUrl } = running();
    const email = newEmail();
    await createAccount(email);

    await openLoginFromRelyingParty(page);
    await logIn(page, email, strongPassword);
    await expectBackAtRelyingParty(page, email);
    expect((await sessionOf(page)).loggedIn).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    // The standard end-session endpoint asks to confirm.
    const confirm = page.getByRole('button', { name: 'Yes, sign me out' });
    await confirm.waitFor();
    expect(new URL(page.url()).origin).toBe(running().verityUrl);
    await checkAccessibility(page);
    await confirm.click();
    await page.waitForURL(`${rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).waitFor();
    expect((await sessionOf(page)).loggedIn).toBe(false);
  });

  it("signs out from Verity's own menu at /logout", async () => {
    const { verityUrl } = running();
    const email = newEmail();
    await createAccount(email);

    await page.goto(`${verityUrl}/login`);
    await logIn(page, email, strongPassword);
    await page.waitForURL(`${verityUrl}/`);
    await openAccountMenu(page, email);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await onVerity(page, '/logout');
    await expect.poll(() => heading(page)).toBe('Logout successful. You have been logged out.');
    await checkAccessibility(page);
    expect(await sessionOf(page)).toEqual({ loggedIn: false, email: null });
    expect(await page.getByRole('button', { name: email }).count()).toBe(0);
  });

  it('asks before signing out when another site sends the browser to /logout', async () => {
    const { verityUrl } = running();
    const email = newEmail();
    await createAccount(email);

    await page.goto(`${verityUrl}/login`);
    await logIn(page, email, strongPassword);
    await page.waitForURL(`${verityUrl}/`);
    // A cross-site link or redirect: a plain navigation, without our menu's history state.
    await page.goto(`${verityUrl}/logout`, { referer: 'https://attacker.example/' });
    await expect.poll(() => heading(page)).toBe('Do you want to sign out of Verity?');
    await checkAccessibility(page);
    expect(await sessionOf(page)).toEqual({ loggedIn: true, email });

    await page.getByRole('link', { name: 'No, stay signed in' }).click();
    await onVerity(page, '/');
    expect(await sessionOf(page)).toEqual({ loggedIn: true, email });

    await page.goto(`${verityUrl}/logout`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect.poll(() => heading(page)).toBe('Logout successful. You have been logged out.');
    expect(await sessionOf(page)).toEqual({ loggedIn: false, email: null });
  });

  it('sends an unverified account from login to the code step, and a signed-in user on', async () => {
    const { verityUrl } = running();
    const email = newEmail();
    await page.goto(`${verityUrl}/signup2`);
    await fillSignup2(page, email);

    // Never verified: logging in sends a fresh code and asks for it.
    const seen = (await outboxMessages(verityUrl, email)).map((message) => message.id);
    await page.goto(`${verityUrl}/login`);
    expect(await heading(page)).toBe('Log in');
    await logIn(page, email, strongPassword);
    await onVerity(page, '/verifyemail');
    await enterEmailCode(page, email, seen);
    await page.waitForURL(`${verityUrl}/`);

    // Signed in: the login and sign-up screens move on to the next step.
    await page.goto(`${verityUrl}/login`);
    await page.waitForURL(`${verityUrl}/`);
    await page.goto(`${verityUrl}/signup`);
    await page.waitForURL(`${verityUrl}/`);
  });
});
