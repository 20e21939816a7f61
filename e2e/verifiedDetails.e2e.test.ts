/**
 * What the user sees of their verified details (issue 17 items 2 and 4), in a real browser from
 * the demo relying party: after a passport check, /Profile shows the verified name and birth
 * date as verified and asks before a change (after which the passport no longer matches, so
 * nothing shows as verified); a debit
 * card where the client needs a credit card is refused with what the client needs, and a credit
 * card then passes.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  dateInputs,
  fillDate,
  onVerity,
  signUpFromRelyingParty,
  useStack,
  waitForFieldError,
} from './harness.js';

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** Anna Smith in the sandbox (docs/sandbox.md): her profile, passport and credit card. */
async function fillAnnasProfile(page: Page): Promise<void> {
  await page.getByLabel('Given names', { exact: true }).fill('Anna');
  await page.getByLabel('Family name', { exact: true }).fill('Smith');
  await fillDate(page, 'Date of birth', '1985-02-17');
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('verified details on /Profile', () => {
  const env = useStack({
    scope: 'openid email profile',
    clientFlags: ['--assurance', '[["Passport"]]'],
  });

  it('shows the details a passport verified as verified, and warns before one is changed', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await onVerity(stack, page, '/Profile');
    // Nothing is verified yet: no field is locked.
    await fillAnnasProfile(page);
    await onVerity(stack, page, '/Passport');
    await page.getByLabel('Passport No.').fill('533401372');
    await page.getByLabel('Surname').fill('Smith');
    await page.getByLabel('Given Name(s)').fill('Anna');
    await fillDate(page, 'Date of Birth', '1985-02-17');
    await fillDate(page, 'Expiry Date', '2031-04-30');
    await dateInputs(page, 'Expiry Date').year.press('Enter');
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Consent');

    // Back to 'Your details': each verified field says so and is locked.
    await page.goto(`${stack.verityUrl}/Profile`);
    await onVerity(stack, page, '/Profile');
    const familyName = page.getByLabel('Family name', { exact: true });
    await familyName.waitFor();
    expect(await familyName.inputValue()).toBe('Smith');
    expect(await familyName.isDisabled()).toBe(true);
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(3);
    await checkAccessibility(page);

    // With the keyboard: the Change button asks first; 'Keep it' leaves the field locked.
    const change = page.getByRole('button', { name: 'Change Family name (verified)' });
    await change.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change your verified family name?' });
    await dialog
      .getByText('Changing it will remove its verification until you verify it again', {
        exact: false,
      })
      .waitFor();
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Keep it' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await familyName.isDisabled()).toBe(true);

    // 'Change it' opens the field, focused, and says what saving does.
    await change.click();
    await dialog.getByRole('button', { name: 'Change it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => familyName.evaluate((el) => el === document.activeElement)).toBe(true);
    await page
      .getByText('Saving a change removes its verification until you verify it again.')
      .waitFor();
    await familyName.fill('Smythe');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The passport's evidence is set aside: the request asks for a check again, not consent.
    await page.waitForURL((url) => !/^\/profile$/i.test(url.pathname));
    expect(new URL(page.url()).pathname.toLowerCase()).not.toBe('/consent');

    // The passport no longer matches the claimed identity: nothing is shown as verified now.
    await page.goto(`${stack.verityUrl}/Profile`);
    await onVerity(stack, page, '/Profile');
    await familyName.waitFor();
    expect(await familyName.inputValue()).toBe('Smythe');
    expect(await familyName.isDisabled()).toBe(false);
    expect(await page.getByLabel('Given names', { exact: true }).isDisabled()).toBe(false);
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    // Two visits to /Profile and a check: longer than most journeys on a loaded machine.
  }, 180_000);
});

describe('a debit card where the client needs a credit card', () => {
  const env = useStack({
    scope: 'openid email profile',
    clientFlags: ['--assurance', '[["CreditCard"]]'],
  });

  it('says what the client needs instead of a Congratulations, and takes a credit card', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await onVerity(stack, page, '/Profile');
    await fillAnnasProfile(page);
    await onVerity(stack, page, '/CreditCard');

    await page.getByLabel('Card number').fill('4000 0566 5566 5556');
    await page.getByLabel('Cardholder name').fill('Anna Smith');
    await page.getByLabel('Expiry', { exact: false }).fill('08/29');
    await page.getByRole('button', { name: 'Continue' }).click();
    const needed =
      'Demo relying party needs a credit card, and this is a debit card. Please enter a credit card, or choose a different verification option.';
    await waitForFieldError(page, needed);
    expect(await page.getByText('Congratulations', { exact: false }).count()).toBe(0);
    // The way forward: the form to enter a credit card, or a different option.
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Choose a different option' }).waitFor();
    await checkAccessibility(page);

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry', { exact: false }).fill('12/30');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Congratulations, you have verified your Credit Card successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Consent');
  });
});
