/**
 * The journeys through a second factor's set-up and login, and a PIN's (e2e/screens/walk.ts).
 */
import {
  registerFromSignup,
  addAuthenticatorApp,
  onVerity,
  signUpFromRelyingParty,
  strongPassword,
} from '../harness.js';
import { newEmail, type ScreenGroup } from './walk.js';

export const secondFactor: ScreenGroup = {
  name: 'second factor',
  stack: {
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-second-factor'],
  },
  journeys: [
    {
      name: 'second factor set-up and login',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        const email = newEmail('gallery-2fa');
        await signUpFromRelyingParty(stack, page, email);
        await onVerity(stack, page, '/SecondFactor');
        await page.getByRole('heading', { name: 'Setup security' }).waitFor();
        await w.screen(page, 'secondfactor-setup', 'A client requires a second factor');
        await page.getByRole('button', { name: 'Set up Authenticator App' }).click();
        const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
        await dialog.getByRole('img', { name: /QR code/ }).waitFor();
        await w.screen(page, 'secondfactor-app-dialog', 'Authenticator app: the QR code');
        await dialog.getByRole('button', { name: 'Cancel' }).last().click();
        await dialog.waitFor({ state: 'detached' });
        await addAuthenticatorApp(page);
        await w.screen(page, 'secondfactor-recovery-codes', 'App set up: the recovery codes');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(`${stack.rpUrl}/me`);

        await page.context().clearCookies();
        await page.goto(`${stack.rpUrl}/`);
        await page.getByRole('button', { name: 'Sign in with Verity' }).click();
        // This browser has signed in before: /login straight away, or /signup and its link.
        await page.waitForURL((url) => ['/signup', '/login'].includes(url.pathname));
        if (new URL(page.url()).pathname === '/signup') {
          await page.getByRole('link', { name: 'Log in', exact: true }).click();
        }
        await onVerity(stack, page, '/login');
        await page.getByLabel('Email', { exact: true }).fill(email);
        await w.screen(page, 'login-from-client', 'Log in, from a client');
        await page.getByLabel('Password', { exact: true }).fill(strongPassword);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await onVerity(stack, page, '/SecondFactor');
        await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
        await w.screen(page, 'secondfactor-login', 'Login with the second factor');
      },
    },
  ],
};

export const pin: ScreenGroup = {
  name: 'PIN',
  stack: {
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-pin'],
  },
  journeys: [
    {
      name: 'PIN set-up and login',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        const email = newEmail('gallery-pin');
        await page.goto(`${stack.rpUrl}/`);
        await page.getByRole('button', { name: 'Sign in with Verity' }).click();
        await onVerity(stack, page, '/mpinlogin');
        await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
        await w.screen(page, 'mpinlogin-consent', 'A PIN client, no PIN on this device yet');
        await page
          .getByLabel('I agree with the Verity Terms and Conditions and Privacy Policy')
          .check();
        await page.getByRole('button', { name: 'Start Verification' }).click();
        await registerFromSignup(stack, page, email);
        await onVerity(stack, page, '/mpinsetup');
        await page.getByText('Choose Your Verity M-Pin').waitFor();
        await w.screen(page, 'mpinsetup', 'Choose a PIN: the PIN pad');
        await page.keyboard.type('2580');
        await page.getByText('Re-Enter Your Pin').waitFor();
        await page.keyboard.type('2581');
        await page.getByText("PINs don't match").waitFor();
        await w.screen(page, 'mpinsetup-mismatch', 'The PIN typed again differently');
        await page.keyboard.type('2580');
        await page.getByText('Re-Enter Your Pin').waitFor();
        await page.keyboard.type('2580');
        await page.waitForURL(`${stack.rpUrl}/me`, { timeout: 60_000 });

        await page.context().clearCookies();
        await page.goto(`${stack.rpUrl}/`);
        await page.getByRole('button', { name: 'Sign in with Verity' }).click();
        await onVerity(stack, page, '/mpinlogin');
        await page.getByText('Enter Your Verity M-Pin').waitFor();
        await w.screen(page, 'mpinlogin', 'Log in with the PIN');
        await page.keyboard.type('1111');
        await page.getByText('Authentication Failed').waitFor();
        await w.screen(page, 'mpinlogin-wrong', 'A wrong PIN');
        await page.getByRole('button', { name: 'Not you? Choose another account' }).click();
        await page.getByRole('heading', { name: 'Select account to log in' }).waitFor();
        await w.screen(page, 'mpinlogin-accounts', 'The identities saved on this device');
        await page.goto(`${stack.verityUrl}/mpinaccess`);
        await page.getByText('No sign-in is waiting for your approval.').waitFor();
        await w.screen(page, 'mpinaccess', 'Approve a login from another browser');
      },
    },
  ],
};
