/**
 * The user's control over their data in a real browser: withdrawing the consent given to
 * the demo relying party, and deleting the account after reading what is kept and why.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fillIdentity,
  signUpFromRelyingParty,
  useStack,
  type Stack,
  checkAccessibility,
  strongPassword,
  onVerity,
} from './harness.js';

/** A new user signs in to the demo relying party: sign-up, details, consent. */
async function signUpAtRelyingParty(stack: Stack, page: Page, email: string): Promise<void> {
  await signUpFromRelyingParty(stack, page, email);
  await fillIdentity(stack, page, { given: 'Ada', family: 'Lovelace', birthdate: '1990-12-10' });
  await onVerity(stack, page, '/Consent');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(`${stack.rpUrl}/me`);
}

async function signedIn(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const session = (await fetch('/api/session').then((answer) => answer.json())) as {
      loggedIn: boolean;
    };
    return session.loggedIn;
  });
}

describe('account data', () => {
  const env = useStack();

  it('withdraws consent from the relying party, then deletes the account by keyboard', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpAtRelyingParty(stack, page, `data-${randomUUID()}@example.com`);

    await page.goto(`${stack.verityUrl}/`);
    const navigation = page.getByRole('navigation').first();
    await navigation.getByRole('button', { name: /@example\.com/ }).click();
    await navigation.getByRole('link', { name: 'Services you share details with' }).click();
    await onVerity(stack, page, '/account/consents');
    const row = page.getByRole('row').nth(1);
    await row.getByText('Given names', { exact: false }).waitFor();
    await checkAccessibility(page);
    const withdraw = page.getByRole('button', { name: /^Withdraw consent for / });
    await withdraw.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^You have withdrawn your consent for /).waitFor();
    await page
      .getByText('You have not agreed to share your details with any service yet.')
      .waitFor();
    await checkAccessibility(page);

    await page.goto(`${stack.verityUrl}/account/delete`);
    await onVerity(stack, page, '/account/delete');
    await page.getByRole('heading', { name: 'What we keep, and why' }).waitFor();
    await page.getByText('7 years after an account is closed', { exact: false }).waitFor();
    await checkAccessibility(page);
    const password = page.getByLabel('Enter your password to confirm', { exact: true });
    await password.focus();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('The password is incorrect.').waitFor();
    expect(await signedIn(page)).toBe(true);

    await password.fill('');
    await password.focus();
    await page.keyboard.type(strongPassword);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await checkAccessibility(page);
    expect(await signedIn(page)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
  });
});
