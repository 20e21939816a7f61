/**
 * The journey's order in a real browser (issue 15): a user with an authenticator app signs in
 * at a relying party with the password and sees only the second-factor screen; typing
 * /Profile or /Consent in the address bar leads back to it, and only the app's code opens the
 * rest of the request. The client does not itself require a second factor: the user's own
 * comes first (DESIGN.md, 'Who may call what').
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addAuthenticatorApp,
  appCode,
  onVerity,
  signUpFromRelyingParty,
  strongPassword,
  useStack,
  type Stack,
} from './harness.js';

/** Sets up an authenticator app on Verity's methods page; its secret. */
async function setUpAuthenticator(stack: Stack, page: Page): Promise<string> {
  await page.goto(`${stack.verityUrl}/SecondFactor`);
  await page.getByRole('heading', { name: 'Setup security' }).waitFor();
  return addAuthenticatorApp(page);
}

describe('the journey: the second factor before anything personal', () => {
  const env = useStack({ scope: 'openid email profile' });

  it('shows only the second-factor screen after the password; /Profile and /Consent lead back to it', async () => {
    const stack = env.stack();
    const email = `user-${randomUUID().slice(0, 8)}@example.com`;
    await signUpFromRelyingParty(stack, env.page(), email);
    await onVerity(stack, env.page(), '/Profile');
    const secret = await setUpAuthenticator(stack, env.page());

    const context = await env.browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${stack.rpUrl}/`);
      await page.getByRole('button', { name: 'Sign in with Verity' }).click();
      await onVerity(stack, page, '/signup');
      await page.getByRole('link', { name: 'Log in', exact: true }).click();
      await onVerity(stack, page, '/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(strongPassword);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await onVerity(stack, page, '/SecondFactor');
      await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();

      for (const typed of ['/Profile', '/Consent']) {
        await page.goto(`${stack.verityUrl}${typed}`);
        await onVerity(stack, page, '/SecondFactor');
        await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
        expect(await page.getByText('Your details').count()).toBe(0);
      }

      await page.getByLabel('Code from your authenticator app').fill(appCode(secret, 1));
      await page.keyboard.press('Enter');
      // With the second factor proved, the request goes on to the details it needs.
      await onVerity(stack, page, '/Profile');
    } finally {
      await context.close();
    }
  });
});
