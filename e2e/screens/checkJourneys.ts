/**
 * The journeys through sign-up, the identity checks (passport, licence, questions, card, mobile
 * contract, photo ID), consent, the account pages and the error pages, for a client that asks
 * for a verified identity (e2e/screens/walk.ts).
 */
import type { Page } from 'playwright-core';
import { renderPassportPage } from '../../packages/server/test/photoSpecimens.js';
import {
  fillIdentity,
  dateInputs,
  fillDate,
  onVerity,
  outboxMessages,
  signUpFromRelyingParty,
  strongPassword,
  waitForEmailCode,
  waitForFieldError,
} from '../harness.js';
import { newEmail, type ScreenGroup } from './walk.js';

/** The share link e-mailed to `recipient` (newest first in the outbox). */
async function shareLink(verityUrl: string, recipient: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [message] = await outboxMessages(verityUrl, recipient);
    const link = /(http\S+\/shared#[A-Za-z0-9_-]{43})/.exec(message?.body ?? '')?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no share link reached ${recipient}`);
}

/** The passport of Anna Smith in the sandbox (docs/sandbox.md). */
const anna = { number: '533401372', surname: 'Smith', given: 'Anna', dob: '1985-02-17' };

async function fillPassport(page: Page, person: { surname: string; given: string }) {
  await page.getByLabel('Passport No.').fill(anna.number);
  await page.getByLabel('Surname', { exact: true }).fill(person.surname);
  await page.getByLabel('Given Name(s)', { exact: true }).fill(person.given);
  await fillDate(page, 'Date of Birth', anna.dob);
  await fillDate(page, 'Expiry Date', '2031-04-30');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Anna Smith's answers in the sandbox credit file, or 'None of these' for each. */
async function answerQuestions(page: Page, right: boolean): Promise<void> {
  const answers: Array<[string, string]> = [
    ['Which of these companies have you had a credit card with?', 'Halifax'],
    ['Which of these banks do you have a current account with?', 'Santander'],
    ['Which of these lenders is your mortgage with?', 'Nationwide'],
  ];
  for (const [question, choice] of answers) {
    await page
      .getByRole('group', { name: question })
      .getByText(right ? choice : 'None of these', { exact: true })
      .click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}

export const identityChecks: ScreenGroup = {
  name: 'sign-up, the identity checks and the account (passport or licence, and questions)',
  stack: {
    scope: 'openid email',
    claims: JSON.stringify({
      id_token: {
        verified_claims: {
          verification: {
            trust_framework: null,
            evidence: [
              { type: { value: 'document' }, document_details: { document_number: null } },
            ],
          },
          claims: { given_name: null, family_name: null, birthdate: null },
        },
      },
    }),
    clientFlags: ['--assurance', '[["Passport","KBVL1"],["DrivingLicence","KBVL1"]]'],
  },
  journeys: [
    {
      name: 'sign-up, passport, questions, consent, then the account pages',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        const email = newEmail('gallery');
        await page.goto(`${stack.rpUrl}/`);
        await page.getByRole('button', { name: 'Sign in with Verity' }).click();
        await onVerity(stack, page, '/signup');
        await w.screen(page, 'signup', 'First screen from a client that asks for identity checks');
        await page.getByRole('button', { name: 'See how you can prove your identity' }).click();
        await page.locator('#proof-ways').getByRole('listitem').first().waitFor();
        await w.screen(page, 'signup-proof-ways', "'See how you can prove your identity' open");
        await page.getByRole('link', { name: 'Register here' }).click();
        await onVerity(stack, page, '/signup2');
        await page.getByLabel('Email', { exact: true }).fill('anna@example');
        await page.getByLabel('Password', { exact: true }).fill('password');
        await page.getByLabel('Password', { exact: true }).press('Tab');
        await page.getByText('Email is invalid').waitFor();
        await w.screen(
          page,
          'signup2-weak',
          'Registration: an unfinished address, a weak password',
        );
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill(strongPassword);
        await page.getByLabel('I accept the terms and conditions').check();
        await w.screen(page, 'signup2', 'Registration filled in (password meter)');
        await page.getByRole('button', { name: 'Create my account' }).click();
        await onVerity(stack, page, '/verifyemail');
        await page.getByLabel(`Please enter the code we sent to ${email}`).waitFor();
        await w.screen(page, 'verifyemail', 'The code sent to the new address');
        await page.getByLabel(`Please enter the code we sent to ${email}`).fill('000000');
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        await page
          .getByText('This value is not correct, please check the code in the e-mail carefully.')
          .waitFor();
        await w.screen(page, 'verifyemail-wrong-code', 'A wrong code');
        await page
          .getByLabel(`Please enter the code we sent to ${email}`)
          .fill(await waitForEmailCode(stack.verityUrl, email));
        await page.getByRole('button', { name: 'Verify', exact: true }).click();

        await onVerity(stack, page, '/VerifyOptions');
        await page.getByRole('button', { name: 'Passport and Financial questions' }).waitFor();
        await w.screen(page, 'verifyoptions', "The client's ways to prove identity");
        await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
        await onVerity(stack, page, '/Profile');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        await w.screen(page, 'profile-errors', 'Name and birth date, Continue with nothing typed');
        await fillIdentity(stack, page);

        await onVerity(stack, page, '/Passport');
        await page.getByText('Please provide your passport details').waitFor();
        await w.screen(page, 'passport', 'The passport form');
        await page.getByLabel('Passport No.').fill('912345678');
        const dob = dateInputs(page, 'Date of Birth');
        await dob.day.fill('17');
        await dob.year.fill('85');
        // Enter, not a click: the message shown as the field is left moves the button.
        await dob.year.press('Enter');
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        await w.screen(page, 'passport-errors', 'Field errors and the error summary');
        await fillPassport(page, anna);
        await page
          .getByText('Congratulations, you have verified your Passport successfully.')
          .waitFor();
        await w.screen(page, 'passport-verified', 'A passed check');
        await page.getByRole('button', { name: 'Continue' }).click();

        await onVerity(stack, page, '/Kbv');
        await page.getByText('Please answer all the questions below').waitFor();
        await w.screen(page, 'kbv', 'Financial (knowledge-based) questions');
        await answerQuestions(page, true);

        await onVerity(stack, page, '/Consent');
        await page.getByRole('button', { name: 'Confirm' }).waitFor();
        await w.screen(page, 'consent', 'What the client receives, with the verified identity');
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(`${stack.rpUrl}/me`);

        // The account, in a new tab (no request in progress), of a verified user.
        const account = await page.context().newPage();
        await account.goto(`${stack.verityUrl}/`);
        await account.getByRole('heading', { name: 'Recent activity' }).waitFor();
        await w.screen(account, 'home', 'Home of a verified user: activity and verifications');
        for (const [route, slug, state] of [
          ['/account/share', 'account-share', 'Share the verified identity by e-mail'],
          ['/account/requestproof', 'account-requestproof', 'Request proof from someone'],
          ['/account/consents', 'account-consents', 'Services the user shares details with'],
          ['/account/signin-methods', 'account-signin-methods', 'Sign-in methods'],
          ['/SecondFactor', 'account-secondfactor', 'Second factor methods, from the account'],
          ['/Verify', 'verify', 'Add a verification: the checks on offer'],
          ['/account/delete', 'account-delete', 'Delete the account: what goes and what stays'],
          ['/contact', 'contact', 'Contact form'],
          ['/about', 'about', 'About'],
          ['/terms', 'terms', 'Terms and conditions'],
          ['/privacy', 'privacy', 'Privacy policy'],
        ] as const) {
          await account.goto(`${stack.verityUrl}${route}`);
          await account.waitForLoadState('networkidle');
          await w.screen(account, slug, state);
        }
        await account.goto(`${stack.verityUrl}/account/share`);
        await onVerity(stack, account, '/account/share');
        await account.getByLabel("Recipient's email address").fill('not an address');
        await account.getByRole('button', { name: 'Share identity' }).click();
        await account.getByText('Email is invalid').waitFor();
        await w.screen(account, 'account-share-error', 'Share with an address that is not one');
        await account.getByLabel("Recipient's email address").fill('friend@example.com');
        await account.getByRole('button', { name: 'Share identity' }).click();
        await account.getByText('friend@example.com').first().waitFor();
        await w.screen(account, 'account-share-sent', 'Shared with one recipient');
        // The recipient, in a browser of their own.
        const shared = await w.newPage();
        await shared.goto(await shareLink(stack.verityUrl, 'friend@example.com'));
        await shared.getByRole('heading', { name: 'Verified identity' }).waitFor();
        await shared.waitForLoadState('networkidle');
        await w.screen(shared, 'shared', 'What the recipient of a share link sees');

        await account.goto(`${stack.verityUrl}/logout`);
        await account.getByRole('button', { name: 'Yes, sign me out' }).waitFor();
        await w.screen(account, 'logout', 'Sign out: asks first');
        await account.getByRole('button', { name: 'Yes, sign me out' }).click();
        await account
          .getByRole('heading', { name: 'Logout successful. You have been logged out.' })
          .waitFor();
        await w.screen(account, 'logout-done', 'Signed out');

        await account.goto(`${stack.verityUrl}/login`);
        await onVerity(stack, account, '/login');
        await w.screen(account, 'login', 'Log in at Verity itself');
        await account.getByLabel('Email', { exact: true }).fill(email);
        await account.getByLabel('Password', { exact: true }).fill('not the password');
        await account.getByRole('button', { name: 'Login', exact: true }).click();
        await account.getByRole('alert').first().waitFor();
        await w.screen(account, 'login-wrong-password', 'A wrong password');
        await account.goto(`${stack.verityUrl}/forgotpassword`);
        await onVerity(stack, account, '/forgotpassword');
        await w.screen(account, 'forgotpassword', 'Reset a forgotten password');
      },
    },

    {
      name: 'a failed passport, the driving licence, failed questions',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        await signUpFromRelyingParty(stack, page, newEmail('gallery'));
        await onVerity(stack, page, '/VerifyOptions');
        await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
        await fillIdentity(stack, page);
        await onVerity(stack, page, '/Passport');
        // Siobhan O'Brien's passport in the sandbox: a record, but another person's.
        await page.getByLabel('Passport No.').fill('824159367');
        await page.getByLabel('Surname', { exact: true }).fill("O'Brien");
        await page.getByLabel('Given Name(s)', { exact: true }).fill('Siobhan');
        await fillDate(page, 'Date of Birth', '1990-06-21');
        await fillDate(page, 'Expiry Date', '2027-01-09');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('button', { name: 'Choose a different option' }).waitFor();
        await w.screen(page, 'passport-failed', "A failed check: another person's passport");
        await page.getByRole('button', { name: 'Choose a different option' }).click();
        await onVerity(stack, page, '/VerifyOptions');
        await page
          .getByRole('button', { name: 'Driving Licence and Financial questions' })
          .waitFor();
        await w.screen(page, 'verifyoptions-after-failure', 'The options left after a failure');
        await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).click();

        await onVerity(stack, page, '/DrivingLicence');
        await page.getByText('Please provide your driving licence details').waitFor();
        await page.getByLabel('5. Licence Number').focus();
        await w.screen(page, 'drivinglicence', 'The licence form, its image showing the field');
        await page.getByLabel('1. Surname').fill('Smith');
        await page.getByLabel('2. Given Name(s)').fill('Anna');
        await fillDate(page, '3. Date of Birth', '1985-02-17');
        await fillDate(page, '4a. Date of Issue', '2019-03-01');
        await fillDate(page, '4b. Date of Expiry', '2029-02-28');
        await page.getByLabel('5. Licence Number').fill('SMITH852176A99AB');
        await page.getByLabel('8. Postcode').fill('CR2 6XH');
        await page.getByRole('button', { name: 'Continue' }).click();
        await waitForFieldError(
          page,
          'Driving Licence number does not match your surname and date of birth',
        );
        await w.screen(page, 'drivinglicence-error', 'A licence number that does not match');
        await page.getByLabel('5. Licence Number').fill('smith852175a99ab');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page
          .getByText('Congratulations, you have verified your Driving Licence successfully.')
          .waitFor();
        await page.getByRole('button', { name: 'Continue' }).click();
        await onVerity(stack, page, '/Kbv');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('Required').first().waitFor();
        await w.screen(page, 'kbv-errors', 'Questions, Continue with none answered');
        await answerQuestions(page, false);
        await page
          .getByText('Sorry we have been unable to verify your identity from your answers.')
          .waitFor();
        await w.screen(page, 'kbv-failed', 'Questions answered wrongly');
      },
    },

    {
      name: 'the card, the mobile contract, the check list and photo ID',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        await signUpFromRelyingParty(stack, page, newEmail('gallery'));
        await onVerity(stack, page, '/VerifyOptions');
        await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
        await fillIdentity(stack, page);
        await onVerity(stack, page, '/Passport');

        await page.goto(`${stack.verityUrl}/CreditCard`);
        await onVerity(stack, page, '/CreditCard');
        await page.getByLabel('Card number').pressSequentially('4111111111111111');
        await page.getByLabel('Cardholder name').fill('Anna Smith');
        await page.getByLabel('Expiry (MM/YY)').fill('13/28');
        await page.getByLabel('Expiry (MM/YY)').press('Enter');
        await waitForFieldError(page, 'Expiry is invalid');
        await w.screen(page, 'creditcard-error', 'The card form, an expiry that is not a date');

        await page.goto(`${stack.verityUrl}/MNO`);
        await onVerity(stack, page, '/MNO');
        await page.getByLabel('Mobile number').fill('07700 900002');
        await w.screen(page, 'mno', 'The mobile contract check');
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        await page.getByRole('button', { name: 'Choose a different option' }).waitFor();
        await w.screen(page, 'mno-failed', 'No contract matches the profile');
        await page.getByRole('button', { name: 'Choose a different option' }).click();
        await onVerity(stack, page, '/Verify');
        await w.screen(page, 'verify-in-request', 'The list of checks during a request');

        await page.goto(`${stack.verityUrl}/PassportPhoto`);
        await onVerity(stack, page, '/PassportPhoto');
        await page.getByRole('heading', { name: 'App install instructions' }).waitFor();
        await w.screen(page, 'passportphoto', 'Photo ID: the app instructions');
        await page.getByRole('button', { name: 'Take or upload photos without the app' }).click();
        await page.getByRole('heading', { name: 'Take or upload photos' }).waitFor();
        await page.getByLabel('Photo of your passport').setInputFiles({
          name: 'passport.png',
          mimeType: 'image/png',
          buffer: await renderPassportPage(),
        });
        await page.getByRole('img', { name: 'Preview of the photo of your passport' }).waitFor();
        await w.screen(page, 'passportphoto-upload', 'Photo ID without the app: a page chosen');
      },
    },

    {
      name: 'error pages',
      async walk(w) {
        const { stack } = w;
        const page = await w.newPage();
        await page.goto(`${stack.verityUrl}/error`);
        await w.screen(page, 'error', 'The error screen');
        await page.goto(`${stack.verityUrl}/no/such/page`);
        await w.screen(page, 'not-found', 'A page that does not exist');
        await page.goto(`${stack.verityUrl}/requests/abcdefghijklmnopqrstuvwxyz`);
        await page
          .getByRole('heading', {
            level: 1,
            name: 'Oops. Something went wrong please try again later.',
          })
          .waitFor();
        await w.screen(page, 'request-unknown', 'A request that does not exist');
        await page.goto(`${stack.verityUrl}/shared#${'A'.repeat(43)}`);
        await page
          .getByText('This link has expired or is not valid. Please ask the sender to share again.')
          .waitFor();
        await w.screen(page, 'shared-unknown', 'A share link that does not open');
        // The server-rendered error page: a request from a client Verity does not know.
        const discovery = (await (
          await fetch(`${stack.verityUrl}/.well-known/openid-configuration`)
        ).json()) as { authorization_endpoint: string };
        const unknownClient = new URL(discovery.authorization_endpoint);
        unknownClient.search = new URLSearchParams({
          client_id: 'no-such-client',
          response_type: 'code',
          scope: 'openid',
          redirect_uri: 'https://client.example/callback',
        }).toString();
        await page.goto(unknownClient.toString());
        await w.screen(page, 'oidc-error', 'Server-rendered error: a client Verity does not know');
      },
    },
  ],
};
