/**
 * Open banking journeys in a real browser, from the demo relying party whose policy asks for
 * the OB check: the user chooses the sandbox bank, logs in there and consents, and comes back
 * with the account verified (the name captured from the bank, the event in Recent activity);
 * a name that does not match; the cancel modal; the error parameter; and the embedded frame,
 * which ignores a message from a foreign origin.
 */
import { randomUUID } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  useStack,
  type Stack,
  checkAccessibility,
  fillDate,
  onVerity,
  signUpFromRelyingParty as signUpWith,
  waitForFieldError,
} from './harness.js';

/** Signs up from the relying party; the user then has to prove their identity. */
async function signUpFromRelyingParty(stack: Stack, page: Page): Promise<void> {
  const email = `ob-${randomUUID().slice(0, 8)}@example.com`;
  await signUpWith(stack, page, email);
}

/** The client's only option is OB: /VerifyOptions chooses it and goes on to /obselect. */
async function chooseOpenBanking(stack: Stack, page: Page, query = ''): Promise<void> {
  await page.waitForURL((url) => url.pathname.toLowerCase() === '/obselect');
  if (query) await page.goto(`${stack.verityUrl}/obselect${query}`);
  await page.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/obselect');
}

/** Logs in at the sandbox bank's pages (in the page or in its frame) and allows sharing, by keyboard. */
async function atTheBank(where: Page | Frame, customer: string): Promise<void> {
  await where.getByLabel('Customer name').fill(customer);
  await where.getByLabel('Password').fill('sandbox');
  await where.getByLabel('Password').press('Enter');
  await where.getByRole('heading', { name: 'Share your account details with Verity?' }).waitFor();
  await where.getByRole('button', { name: 'Allow' }).focus();
  await where.getByRole('button', { name: 'Allow' }).press('Enter');
}

describe('open banking', () => {
  const env = useStack({ clientFlags: ['--assurance', '[["OB"]]', '--skip-consent'] });

  it('verifies the bank account through the sandbox bank and records it', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await chooseOpenBanking(stack, page);
    await expect(
      page.getByText('Demo relying party has asked us to verify your identity.').isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByText('We only ask your bank for your account name and account number.').isVisible(),
    ).resolves.toBe(true);
    await checkAccessibility(page);

    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sandbox-bank/');
    await expect(page.getByText('No real bank is involved').isVisible()).resolves.toBe(true);
    await checkAccessibility(page);
    await page.getByLabel('Customer name').fill('current');
    await page.getByLabel('Password').fill('wrong');
    await page.getByLabel('Password').press('Enter');
    await page
      .getByRole('alert')
      .getByText('The customer name or password is not right.')
      .waitFor();
    await checkAccessibility(page);
    await atTheBank(page, 'current');

    await onVerity(stack, page, '/ObCallback');
    await page.getByRole('heading', { name: 'Bank account verified' }).waitFor();
    await checkAccessibility(page);
    // A new tab has no request in progress: the home page shows the recent activity.
    const home = await page.context().newPage();
    await home.goto(`${stack.verityUrl}/`);
    await home.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await home.getByText('Identity check passed').first().waitFor();
  });

  it('shows the mismatch when the account is in another name, with Return to /Cancel', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await chooseOpenBanking(stack, page);
    // The profile says Ada Lovelace; the sandbox customer 'mismatch' is Charles Babbage.
    await page.goto(`${stack.verityUrl}/Profile`);
    await page.getByLabel('Given names', { exact: true }).fill('Ada');
    await page.getByLabel('Family name', { exact: true }).fill('Lovelace');
    await fillDate(page, 'Date of birth', '1990-12-10');
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseOpenBanking(stack, page);
    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).click();
    await atTheBank(page, 'mismatch');
    await onVerity(stack, page, '/ObCallback');
    await page.getByRole('heading', { name: 'We could not verify your details' }).waitFor();
    await page
      .getByText(
        'Sorry we have been unable to verify your details match the bank you have logged in with.',
        { exact: false },
      )
      .waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Return' }).click();
    // /Cancel ends the request: the relying party hears access_denied.
    await page.waitForURL((url) => url.origin === stack.rpUrl);
    await page.getByText('access_denied').first().waitFor();
  });

  it('asks before cancelling, and shows the bank-selection errors', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await chooseOpenBanking(stack, page, '?error=NoBankAccounts');
    await page.getByRole('alert').getByText('may be credit cards, loans or mortgages').waitFor();
    // A bank login refused because the holder is not the linked user (or the account is joint).
    await page.goto(`${stack.verityUrl}/obselect?error=NotAccountHolder`);
    await page.getByRole('alert').getByText('Joint accounts cannot be used to log in').waitFor();

    await page.goto(`${stack.verityUrl}/obselect?error=access_denied`);
    await onVerity(stack, page, '/obselect');
    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    const cancelLink = page.getByRole('button', {
      name: 'Cancel and return to Demo relying party',
    });
    await cancelLink.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel?' });
    await dialog.waitFor();
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'No, continue' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await cancelLink.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.waitForURL((url) => url.origin === stack.rpUrl);
    await page.getByText('access_denied').first().waitFor();
  });

  it('says when the transfer is slow, and gives up after 30 seconds', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await chooseOpenBanking(stack, page);
    await page.clock.install();
    // The bank link never answers.
    await page.route('**/api/login/ob', () => undefined);
    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: 'Transferring you to Sandbox Bank' });
    await overlay
      .getByText('We are securely transferring you to Sandbox Bank for authentication')
      .waitFor();
    expect(await overlay.getByText('This is taking longer than normal').count()).toBe(0);
    await checkAccessibility(page);
    await page.clock.fastForward(10_000);
    await overlay
      .getByText(
        'We are securely transferring you to Sandbox Bank for authentication. This is taking longer than normal...',
      )
      .waitFor();
    await page.clock.fastForward(20_000);
    await page.getByRole('alert').getByText('Request timed out').waitFor();
    await overlay.waitFor({ state: 'hidden' });
  });

  it('logs in in the embedded frame, ignoring messages from a foreign origin', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await chooseOpenBanking(stack, page);
    await page.getByRole('button', { name: 'Log in with Sandbox Bank Embedded' }).click();
    const frameElement = page.locator('iframe[title="Sandbox Bank Embedded login"]');
    await frameElement.waitFor();
    expect(await frameElement.getAttribute('width')).toBe('425');
    expect(await frameElement.getAttribute('height')).toBe('725');

    // A code from another origin is not the bank's: nothing happens.
    await page.evaluate(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://attacker.example',
          data: { type: 'code', code: 'forged', state: 'forged' },
        }),
      ),
    );
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/obselect');
    await expect(frameElement.isVisible()).resolves.toBe(true);

    const frame = (await frameElement.elementHandle())!;
    const bank = (await frame.contentFrame())!;
    await atTheBank(bank, 'current');
    await onVerity(stack, page, '/ObCallback');
    await page.getByRole('heading', { name: 'Bank account verified' }).waitFor();
  });
});

describe('bank account check after a bank login', () => {
  const env = useStack({ clientFlags: ['--assurance', '[["OB","Bank"]]', '--skip-consent'] });

  it('checks the account from the bank login on open, then goes on', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Bank login and Bank' }).click();
    await chooseOpenBanking(stack, page);
    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).click();
    await atTheBank(page, 'current');
    await page.getByRole('heading', { name: 'Bank account verified' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The bank gave the name; the birth date the client asks for comes before the Bank check.
    await onVerity(stack, page, '/Profile');
    await expect(page.getByLabel('Given names', { exact: true }).inputValue()).resolves.toBe('Ada');
    await fillDate(page, 'Date of birth', '1990-12-10');
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/BankAccount');
    await page.getByText('Congratulations, we have verified your bank account.').waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Identity verified: back at the relying party, signed in.
    await page.waitForURL((url) => url.origin === stack.rpUrl);
    await page.getByText('Ada').first().waitFor();
  });
});

describe('bank account check of a typed account', () => {
  const env = useStack({ clientFlags: ['--assurance', '[["Bank"]]', '--skip-consent'] });

  it('asks for the sort code and account number, refuses a wrong one, then verifies', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    // The only option (Bank) is chosen for the user; the profile's name comes first.

    await onVerity(stack, page, '/Profile');
    await page.getByLabel('Given names', { exact: true }).fill('Ada');
    await page.getByLabel('Family name', { exact: true }).fill('Lovelace');
    await fillDate(page, 'Date of birth', '1990-12-10');
    await page.getByRole('button', { name: 'Continue' }).click();

    // No bank login: the check asks for the account, by keyboard.
    await onVerity(stack, page, '/BankAccount');
    await page.getByRole('form', { name: 'Your bank account' }).waitFor();
    await checkAccessibility(page);
    await page.getByLabel('Sort code').fill('08-99-99');
    await page.getByLabel('Account number').fill('66374959');
    await page.getByLabel('Account number').press('Enter');
    // Fails the modulus check: the server's message next to the field (and in the error
    // summary), no attempt counted.
    await waitForFieldError(
      page,
      'This account number does not exist at this sort code. Please check both.',
    );
    await page.getByLabel('Account number').fill('66374958');
    await page.getByLabel('Account number').press('Enter');
    await page.getByText('Congratulations, we have verified your bank account.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === stack.rpUrl);
    await page.getByText('Ada').first().waitFor();
  });

  it('shows a provider failure with a retry, not a mismatch', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page);
    // The only option (Bank) is chosen for the user; the profile's name comes first.
    await onVerity(stack, page, '/Profile');
    await page.getByLabel('Given names', { exact: true }).fill('Ada');
    await page.getByLabel('Family name', { exact: true }).fill('Lovelace');
    await fillDate(page, 'Date of birth', '1990-12-10');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/BankAccount');
    await page.getByLabel('Sort code').fill('938611');
    await page.getByLabel('Account number').fill('07806039');
    await page.getByRole('button', { name: 'Check my account' }).click();
    await page
      .getByText('Sorry, we were unable to check your bank account. Please try again.')
      .waitFor();
    await checkAccessibility(page);
    // The retry checks the account kept in the profile: the bank is still unreachable.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByText('Sorry, we were unable to check your bank account. Please try again.')
      .waitFor();
    await expect(page.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
  });
});
