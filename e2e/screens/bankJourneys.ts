/**
 * The journeys through open banking (the sandbox bank) and a typed bank account
 * (e2e/screens/walk.ts).
 */
import { fillIdentity, onVerity, signUpFromRelyingParty, waitForFieldError } from '../harness.js';
import { newEmail, type ScreenGroup } from './walk.js';

export const openBanking: ScreenGroup = {
  name: 'open banking',
  stack: { clientFlags: ['--assurance', '[["OB"]]', '--skip-consent'] },
  journeys: [
    {
      name: 'open banking through the sandbox bank',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        await signUpFromRelyingParty(stack, page, newEmail('gallery-ob'));
        await page.waitForURL((url) => url.pathname.toLowerCase() === '/obselect');
        await page.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
        await w.screen(page, 'obselect', 'Choose your bank');
        await page.getByRole('button', { name: 'Cancel and return to Demo relying party' }).click();
        await page.getByRole('dialog', { name: 'Cancel?' }).waitFor();
        await w.screen(page, 'obselect-cancel', 'Cancel asks first');
        await page.getByRole('button', { name: 'No, continue' }).click();
        await page.goto(`${stack.verityUrl}/obselect?error=NoBankAccounts`);
        await page.getByRole('alert').first().waitFor();
        await w.screen(page, 'obselect-error', 'Back from the bank with no usable account');

        await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/sandbox-bank/');
        await page.getByLabel('Customer name').fill('current');
        await page.getByLabel('Password').fill('wrong');
        await page.getByLabel('Password').press('Enter');
        await page
          .getByRole('alert')
          .getByText('The customer name or password is not right.')
          .waitFor();
        await w.screen(page, 'sandbox-bank-login', 'The sandbox bank: a wrong password');
        await page.getByLabel('Customer name').fill('current');
        await page.getByLabel('Password').fill('sandbox');
        await page.getByLabel('Password').press('Enter');
        await page
          .getByRole('heading', { name: 'Share your account details with Verity?' })
          .waitFor();
        await w.screen(page, 'sandbox-bank-consent', 'The sandbox bank asks to share');
        await page.getByRole('button', { name: 'Allow' }).click();
        await onVerity(stack, page, '/ObCallback');
        await page.getByRole('heading', { name: 'Bank account verified' }).waitFor();
        await w.screen(page, 'obcallback', 'Back from the bank, account verified');
      },
    },
  ],
};

export const bankAccount: ScreenGroup = {
  name: 'bank account',
  stack: { clientFlags: ['--assurance', '[["Bank"]]', '--skip-consent'] },
  journeys: [
    {
      name: 'a typed bank account',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        await signUpFromRelyingParty(stack, page, newEmail('gallery-bank'));
        await fillIdentity(stack, page, {
          given: 'Ada',
          family: 'Lovelace',
          birthdate: '1990-12-10',
        });
        await onVerity(stack, page, '/BankAccount');
        await page.getByRole('form', { name: 'Your bank account' }).waitFor();
        await w.screen(page, 'bankaccount', 'Sort code and account number');
        await page.getByLabel('Sort code').fill('08-99-99');
        await page.getByLabel('Account number').fill('66374959');
        await page.getByLabel('Account number').press('Enter');
        await waitForFieldError(
          page,
          'This account number does not exist at this sort code. Please check both.',
        );
        await w.screen(page, 'bankaccount-error', 'An account number refused by the server');
        await page.getByLabel('Account number').fill('66374958');
        await page.getByLabel('Account number').press('Enter');
        await page.getByText('Congratulations, we have verified your bank account.').waitFor();
        await w.screen(page, 'bankaccount-verified', 'The account verified');
      },
    },
  ],
};
