/**
 * The account section asks for the second factor: a user with an authenticator app who logs
 * in with the password alone is sent from /account/share to 'Login with 2FA', and back to
 * the share page once the app's code is entered (by keyboard).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addAuthenticatorApp,
  appCode,
  expectNoAxeViolations,
  useStack,
  waitForEmailCode,
} from './harness.js';

const PASSWORD = 'correct horse battery staple 42';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs a new user up (no sign-in request) and sets up an authenticator app; its secret. */
async function userWithAuthenticator(page: Page, verityUrl: string, email: string) {
  await page.goto(`${verityUrl}/signup2`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page
    .getByLabel(`Please enter the code we sent to ${email}`)
    .fill(await waitForEmailCode(verityUrl, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/');

  await page.goto(`${verityUrl}/SecondFactor`);
  await page.getByRole('heading', { name: 'Setup security' }).waitFor();
  return addAuthenticatorApp(page);
}

describe('account section and the second factor', () => {
  const env = useStack();

  it('asks a password-only login for the app code before /account/share, then returns there', async () => {
    const { verityUrl } = env.stack();
    const email = `second-${randomUUID().slice(0, 8)}@example.com`;
    const secret = await userWithAuthenticator(env.page(), verityUrl, email);

    const context = await env.browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${verityUrl}/account/share`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');

      // The password alone does not open the page: the second factor comes first.
      await expect.poll(() => pathOf(page)).toBe('/secondfactorlogin');
      await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('return'))).toBe('/account/share');
      const refused = await page.evaluate(async () => (await fetch('/api/share')).status);
      expect(refused).toBe(403);
      await page.mouse.move(0, 0);
      await expectNoAxeViolations(page);

      const field = page.getByLabel('Code from your authenticator app');
      await field.focus();
      await page.keyboard.type(appCode(secret, 1));
      await page.keyboard.press('Enter');
      await expect.poll(() => pathOf(page)).toBe('/account/share');
      await page.getByRole('heading', { name: 'Share your identity with others' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('return'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
