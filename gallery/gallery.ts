/**
 * The screen gallery (issue 21): drives the journeys the e2e tests drive, through the real
 * built stack and Chromium, and saves a full-page screenshot of each screen at desktop and
 * phone widths, in each language, into docs/gallery/, with a README that lists them. Run with
 * `npm run gallery`; CI never runs it (gallery/vitest.config.ts is not a project of the root
 * config). It fails a journey it cannot finish, and still writes the README of what it took.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  fillIdentity,
  registerFromSignup,
  addAuthenticatorApp,
  dateInputs,
  fillDate,
  launchBrowser,
  onVerity,
  outboxMessages,
  signUpFromRelyingParty,
  startStack,
  strongPassword,
  waitForEmailCode,
  waitForFieldError,
  type Stack,
  type StackOptions,
} from '../e2e/harness.js';
import { renderPassportPage } from '../packages/server/test/photoSpecimens.js';
import { makeWelsh } from './welsh.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/gallery');

/**
 * The languages the gallery walks, each a full pass with its own screenshots. The Welsh pass
 * drives the same journeys in a Welsh browser context (gallery/welsh.ts).
 */
const languages = ['en', 'cy'] as const;
type Language = (typeof languages)[number];

/** The browser's locale of a journey (its screens' language is the cookie: newContextIn). */
function contextOptions(language: Language) {
  return { locale: language === 'en' ? 'en-GB' : `${language}-GB`, colorScheme: 'light' as const };
}

/** A browser context for a journey in `language` (Welsh: see gallery/welsh.ts). */
async function newContextIn(
  on: Browser,
  language: Language,
  verityUrl: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await on.newContext({ ...contextOptions(language), ...options });
  if (language === 'cy') await makeWelsh(context, verityUrl);
  return context;
}

/** The two widths of every screen (fullPage: the whole page's height). */
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Above this a screenshot is re-encoded with a palette (sharp). */
const MAX_BYTES = 300 * 1024;

interface Shot {
  number: number;
  slug: string;
  language: Language;
  route: string;
  state: string;
}

const shots: Shot[] = [];
const failures: string[] = [];
const counters = new Map<Language, number>();
let browser: Browser | undefined;

/** Waits for the screen's heading, then saves it at each width. */
async function shot(page: Page, language: Language, slug: string, state: string): Promise<void> {
  await page.locator('h1').first().waitFor();
  // The pointer off the page and transitions done: no hover colours, no half-faded dialog.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  const number = (counters.get(language) ?? 0) + 1;
  counters.set(language, number);
  const url = new URL(page.url());
  // The path, and an error the screen shows: not a hash (a share link's key) nor the codes,
  // states and ports of a run.
  const error = url.searchParams.get('error');
  const route = `${url.pathname}${error ? `?error=${error}` : ''}`;
  for (const width of widths) {
    await page.setViewportSize({ width: width.width, height: width.height });
    await page.waitForTimeout(200);
    const file = path.join(OUT, fileName(number, slug, width.name, language));
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    if ((await stat(file)).size > MAX_BYTES) {
      const smaller = await sharp(file).png({ palette: true, quality: 90, effort: 8 }).toBuffer();
      await writeFile(file, smaller);
    }
  }
  await page.setViewportSize({ width: widths[0].width, height: widths[0].height });
  shots.push({ number, slug, language, route, state });
}

function fileName(number: number, slug: string, width: string, language: Language): string {
  return `${String(number).padStart(2, '0')}-${slug}-${width}-${language}.png`;
}

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

const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

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

/**
 * A stack for one describe block (one client's policy), started once for all languages; each
 * journey gets a fresh browser context in its language.
 */
function galleryStack(options: StackOptions) {
  let stack: Stack | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    stack = await startStack(options);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await stack?.stop();
  });
  return {
    stack(): Stack {
      if (!stack) throw new Error('the stack did not start');
      return stack;
    },
    async page(language: Language): Promise<Page> {
      if (!browser) throw new Error('the browser did not start');
      if (!stack) throw new Error('the stack did not start');
      const context = await newContextIn(browser, language, stack.verityUrl, {
        viewport: { width: widths[0].width, height: widths[0].height },
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** One journey per language; a failure is reported and the others go on. */
function journey(name: string, walk: (language: Language) => Promise<void>): void {
  for (const language of languages) {
    it(`${name} (${language})`, async () => {
      try {
        await walk(language);
      } catch (error) {
        failures.push(`${name} (${language}): ${error instanceof Error ? error.message : error}`);
        throw error;
      }
    });
  }
}

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  for (const file of await readdir(OUT)) {
    if (file.endsWith('.png')) await rm(path.join(OUT, file));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await writeFile(path.join(OUT, 'README.md'), readme());
});

describe('sign-up, the identity checks and the account (passport or licence, and questions)', () => {
  const env = galleryStack({
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
  });

  journey('sign-up, passport, questions, consent, then the account pages', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    const email = newEmail('gallery');
    await page.goto(`${stack.rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(stack, page, '/signup');
    await shot(page, lang, 'signup', 'First screen from a client that asks for identity checks');
    await page.getByRole('button', { name: 'See how you can prove your identity' }).click();
    await page.locator('#proof-ways').getByRole('listitem').first().waitFor();
    await shot(page, lang, 'signup-proof-ways', "'See how you can prove your identity' open");
    await page.getByRole('link', { name: 'Register here' }).click();
    await onVerity(stack, page, '/signup2');
    await page.getByLabel('Email', { exact: true }).fill('anna@example');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Password', { exact: true }).press('Tab');
    await page.waitForTimeout(500);
    await shot(page, lang, 'signup2-weak', 'Registration: an unfinished address, a weak password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(strongPassword);
    await page.getByLabel('I accept the terms and conditions').check();
    await shot(page, lang, 'signup2', 'Registration filled in (password meter)');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await onVerity(stack, page, '/verifyemail');
    await page.getByLabel(`Please enter the code we sent to ${email}`).waitFor();
    await shot(page, lang, 'verifyemail', 'The code sent to the new address');
    await page.getByLabel(`Please enter the code we sent to ${email}`).fill('000000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForTimeout(1000);
    await shot(page, lang, 'verifyemail-wrong-code', 'A wrong code');
    await page
      .getByLabel(`Please enter the code we sent to ${email}`)
      .fill(await waitForEmailCode(stack.verityUrl, email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport and Financial questions' }).waitFor();
    await shot(page, lang, 'verifyoptions', "The client's ways to prove identity");
    await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
    await onVerity(stack, page, '/Profile');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await shot(page, lang, 'profile-errors', 'Name and birth date, Continue with nothing typed');
    await fillIdentity(stack, page);

    await onVerity(stack, page, '/Passport');
    await page.getByText('Please provide your passport details').waitFor();
    await shot(page, lang, 'passport', 'The passport form');
    await page.getByLabel('Passport No.').fill('912345678');
    const dob = dateInputs(page, 'Date of Birth');
    await dob.day.fill('17');
    await dob.year.fill('85');
    // Enter, not a click: the message shown as the field is left moves the button.
    await dob.year.press('Enter');
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await shot(page, lang, 'passport-errors', 'Field errors and the error summary');
    await fillPassport(page, anna);
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();
    await shot(page, lang, 'passport-verified', 'A passed check');
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Kbv');
    await page.getByText('Please answer all the questions below').waitFor();
    await shot(page, lang, 'kbv', 'Financial (knowledge-based) questions');
    await answerQuestions(page, true);

    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).waitFor();
    await shot(page, lang, 'consent', 'What the client receives, with the verified identity');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${stack.rpUrl}/me`);

    // The account, in a new tab (no request in progress), of a verified user.
    const account = await page.context().newPage();
    await account.setViewportSize({ width: widths[0].width, height: widths[0].height });
    await account.goto(`${stack.verityUrl}/`);
    await account.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await shot(account, lang, 'home', 'Home of a verified user: activity and verifications');
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
      await shot(account, lang, slug, state);
    }
    await account.goto(`${stack.verityUrl}/account/share`);
    await onVerity(stack, account, '/account/share');
    await account.getByLabel("Recipient's email address").fill('not an address');
    await account.getByRole('button', { name: 'Share identity' }).click();
    await account.waitForTimeout(800);
    await shot(account, lang, 'account-share-error', 'Share with an address that is not one');
    await account.getByLabel("Recipient's email address").fill('friend@example.com');
    await account.getByRole('button', { name: 'Share identity' }).click();
    await account.getByText('friend@example.com').first().waitFor();
    await shot(account, lang, 'account-share-sent', 'Shared with one recipient');
    const recipient = await newContextIn(page.context().browser()!, lang, stack.verityUrl);
    try {
      const shared = await recipient.newPage();
      await shared.goto(await shareLink(stack.verityUrl, 'friend@example.com'));
      await shared.getByRole('heading', { name: 'Verified identity' }).waitFor();
      await shared.waitForLoadState('networkidle');
      await shot(shared, lang, 'shared', 'What the recipient of a share link sees');
    } finally {
      await recipient.close();
    }

    await account.goto(`${stack.verityUrl}/logout`);
    await account.getByRole('button', { name: 'Yes, sign me out' }).waitFor();
    await shot(account, lang, 'logout', 'Sign out: asks first');
    await account.getByRole('button', { name: 'Yes, sign me out' }).click();
    await account
      .getByRole('heading', { name: 'Logout successful. You have been logged out.' })
      .waitFor();
    await shot(account, lang, 'logout-done', 'Signed out');

    await account.goto(`${stack.verityUrl}/login`);
    await onVerity(stack, account, '/login');
    await shot(account, lang, 'login', 'Log in at Verity itself');
    await account.getByLabel('Email', { exact: true }).fill(email);
    await account.getByLabel('Password', { exact: true }).fill('not the password');
    await account.getByRole('button', { name: 'Login', exact: true }).click();
    await account.getByRole('alert').first().waitFor();
    await shot(account, lang, 'login-wrong-password', 'A wrong password');
    await account.goto(`${stack.verityUrl}/forgotpassword`);
    await onVerity(stack, account, '/forgotpassword');
    await shot(account, lang, 'forgotpassword', 'Reset a forgotten password');
  });

  journey('a failed passport, the driving licence, failed questions', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
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
    await shot(page, lang, 'passport-failed', "A failed check: another person's passport");
    await page.getByRole('button', { name: 'Choose a different option' }).click();
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).waitFor();
    await shot(page, lang, 'verifyoptions-after-failure', 'The options left after a failure');
    await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).click();

    await onVerity(stack, page, '/DrivingLicence');
    await page.getByText('Please provide your driving licence details').waitFor();
    await page.getByLabel('5. Licence Number').focus();
    await shot(page, lang, 'drivinglicence', 'The licence form, its image showing the field');
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
    await shot(page, lang, 'drivinglicence-error', 'A licence number that does not match');
    await page.getByLabel('5. Licence Number').fill('smith852175a99ab');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Congratulations, you have verified your Driving Licence successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Kbv');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    await shot(page, lang, 'kbv-errors', 'Questions, Continue with none answered');
    await answerQuestions(page, false);
    await page
      .getByText('Sorry we have been unable to verify your identity from your answers.')
      .waitFor();
    await shot(page, lang, 'kbv-failed', 'Questions answered wrongly');
  });

  journey('the card, the mobile contract, the check list and photo ID', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
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
    await shot(page, lang, 'creditcard-error', 'The card form, an expiry that is not a date');

    await page.goto(`${stack.verityUrl}/MNO`);
    await onVerity(stack, page, '/MNO');
    await page.getByLabel('Mobile number').fill('07700 900002');
    await shot(page, lang, 'mno', 'The mobile contract check');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Choose a different option' }).waitFor();
    await shot(page, lang, 'mno-failed', 'No contract matches the profile');
    await page.getByRole('button', { name: 'Choose a different option' }).click();
    await onVerity(stack, page, '/Verify');
    await shot(page, lang, 'verify-in-request', 'The list of checks during a request');

    await page.goto(`${stack.verityUrl}/PassportPhoto`);
    await onVerity(stack, page, '/PassportPhoto');
    await page.getByRole('heading', { name: 'App install instructions' }).waitFor();
    await shot(page, lang, 'passportphoto', 'Photo ID: the app instructions');
    await page.getByRole('button', { name: 'Take or upload photos without the app' }).click();
    await page.getByRole('heading', { name: 'Take or upload photos' }).waitFor();
    await page.getByLabel('Photo of your passport').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: await renderPassportPage(),
    });
    await page.getByRole('img', { name: 'Preview of the photo of your passport' }).waitFor();
    await shot(page, lang, 'passportphoto-upload', 'Photo ID without the app: a page chosen');
  });

  journey('error pages', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    await page.goto(`${stack.verityUrl}/error`);
    await shot(page, lang, 'error', 'The error screen');
    await page.goto(`${stack.verityUrl}/no/such/page`);
    await shot(page, lang, 'not-found', 'A page that does not exist');
    await page.goto(`${stack.verityUrl}/requests/abcdefghijklmnopqrstuvwxyz`);
    await page.waitForTimeout(1500);
    await shot(page, lang, 'request-unknown', 'A request that does not exist');
    await page.goto(`${stack.verityUrl}/shared#${'A'.repeat(43)}`);
    await page.waitForTimeout(1500);
    await shot(page, lang, 'shared-unknown', 'A share link that does not open');
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
    await shot(page, lang, 'oidc-error', 'Server-rendered error: a client Verity does not know');
  });
});

describe('second factor', () => {
  const env = galleryStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-second-factor'],
  });

  journey('second factor set-up and login', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    const email = newEmail('gallery-2fa');
    await signUpFromRelyingParty(stack, page, email);
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Setup security' }).waitFor();
    await shot(page, lang, 'secondfactor-setup', 'A client requires a second factor');
    await page.getByRole('button', { name: 'Set up Authenticator App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    await shot(page, lang, 'secondfactor-app-dialog', 'Authenticator app: the QR code');
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await addAuthenticatorApp(page);
    await shot(page, lang, 'secondfactor-recovery-codes', 'App set up: the recovery codes');
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
    await shot(page, lang, 'login-from-client', 'Log in, from a client');
    await page.getByLabel('Password', { exact: true }).fill(strongPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
    await shot(page, lang, 'secondfactor-login', 'Login with the second factor');
  });
});

describe('open banking', () => {
  const env = galleryStack({ clientFlags: ['--assurance', '[["OB"]]', '--skip-consent'] });

  journey('open banking through the sandbox bank', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    await signUpFromRelyingParty(stack, page, newEmail('gallery-ob'));
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/obselect');
    await page.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
    await shot(page, lang, 'obselect', 'Choose your bank');
    await page.getByRole('button', { name: 'Cancel and return to Demo relying party' }).click();
    await page.getByRole('dialog', { name: 'Cancel?' }).waitFor();
    await shot(page, lang, 'obselect-cancel', 'Cancel asks first');
    await page.getByRole('button', { name: 'No, continue' }).click();
    await page.goto(`${stack.verityUrl}/obselect?error=NoBankAccounts`);
    await page.getByRole('alert').first().waitFor();
    await shot(page, lang, 'obselect-error', 'Back from the bank with no usable account');

    await page.getByRole('button', { name: 'Log in with Sandbox Bank', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox-bank/');
    await page.getByLabel('Customer name').fill('current');
    await page.getByLabel('Password').fill('wrong');
    await page.getByLabel('Password').press('Enter');
    await page
      .getByRole('alert')
      .getByText('The customer name or password is not right.')
      .waitFor();
    await shot(page, lang, 'sandbox-bank-login', 'The sandbox bank: a wrong password');
    await page.getByLabel('Customer name').fill('current');
    await page.getByLabel('Password').fill('sandbox');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Share your account details with Verity?' }).waitFor();
    await shot(page, lang, 'sandbox-bank-consent', 'The sandbox bank asks to share');
    await page.getByRole('button', { name: 'Allow' }).click();
    await onVerity(stack, page, '/ObCallback');
    await page.getByRole('heading', { name: 'Bank account verified' }).waitFor();
    await shot(page, lang, 'obcallback', 'Back from the bank, account verified');
  });
});

describe('bank account', () => {
  const env = galleryStack({ clientFlags: ['--assurance', '[["Bank"]]', '--skip-consent'] });

  journey('a typed bank account', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    await signUpFromRelyingParty(stack, page, newEmail('gallery-bank'));
    await fillIdentity(stack, page, { given: 'Ada', family: 'Lovelace', birthdate: '1990-12-10' });
    await onVerity(stack, page, '/BankAccount');
    await page.getByRole('form', { name: 'Your bank account' }).waitFor();
    await shot(page, lang, 'bankaccount', 'Sort code and account number');
    await page.getByLabel('Sort code').fill('08-99-99');
    await page.getByLabel('Account number').fill('66374959');
    await page.getByLabel('Account number').press('Enter');
    await waitForFieldError(
      page,
      'This account number does not exist at this sort code. Please check both.',
    );
    await shot(page, lang, 'bankaccount-error', 'An account number refused by the server');
    await page.getByLabel('Account number').fill('66374958');
    await page.getByLabel('Account number').press('Enter');
    await page.getByText('Congratulations, we have verified your bank account.').waitFor();
    await shot(page, lang, 'bankaccount-verified', 'The account verified');
  });
});

describe('PIN', () => {
  const env = galleryStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-pin'],
  });

  journey('PIN set-up and login', async (lang) => {
    const stack = env.stack();
    const page = await env.page(lang);
    const email = newEmail('gallery-pin');
    await page.goto(`${stack.rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(stack, page, '/mpinlogin');
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await shot(page, lang, 'mpinlogin-consent', 'A PIN client, no PIN on this device yet');
    await page.getByLabel('I agree with the Verity Terms and Conditions').check();
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await registerFromSignup(stack, page, email);
    await onVerity(stack, page, '/mpinsetup');
    await page.getByText('Choose Your Verity M-Pin').waitFor();
    await shot(page, lang, 'mpinsetup', 'Choose a PIN: the PIN pad');
    await page.keyboard.type('2580');
    await page.getByText('Re-Enter Your Pin').waitFor();
    await page.keyboard.type('2581');
    await page.getByText("PINs don't match").waitFor();
    await shot(page, lang, 'mpinsetup-mismatch', 'The PIN typed again differently');
    await page.keyboard.type('2580');
    await page.getByText('Re-Enter Your Pin').waitFor();
    await page.keyboard.type('2580');
    await page.waitForURL(`${stack.rpUrl}/me`, { timeout: 60_000 });

    await page.context().clearCookies();
    await page.goto(`${stack.rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(stack, page, '/mpinlogin');
    await page.getByText('Enter Your Verity M-Pin').waitFor();
    await shot(page, lang, 'mpinlogin', 'Log in with the PIN');
    await page.keyboard.type('1111');
    await page.getByText('Authentication Failed').waitFor();
    await shot(page, lang, 'mpinlogin-wrong', 'A wrong PIN');
    await page.getByRole('button', { name: 'Not you? Choose another account' }).click();
    await page.getByRole('heading', { name: 'Select account to log in' }).waitFor();
    await shot(page, lang, 'mpinlogin-accounts', 'The identities saved on this device');
    await page.goto(`${stack.verityUrl}/mpinaccess`);
    await page.waitForTimeout(1500);
    await shot(page, lang, 'mpinaccess', 'Approve a login from another browser');
  });
});

function readme(): string {
  const lines = [
    '# Screen gallery',
    '',
    'Every screen the journeys reach, at desktop (1280 px) and phone (390 px) widths, as',
    "full-page screenshots. Generated by `npm run gallery` (gallery/gallery.ts: the e2e harness's",
    'stack and Chromium, driving the same journeys as `e2e/`); do not edit by hand. CI does not',
    'run it: run it after a change to the screens and commit the result.',
    '',
    `Languages: ${languages.join(', ')}; each language is a full pass with its own file names`,
    '(`<nn>-<screen>-<width>-<language>.png`). The Welsh awaits review by a native speaker',
    '([i18n.md](../i18n.md)); texts the server sends (field labels, activity) are still English.',
    '',
  ];
  if (failures.length > 0) {
    lines.push(
      'Journeys that did not finish on the last run (their later screens are missing):',
      '',
    );
    for (const failure of failures) lines.push(`- ${failure.split('\n')[0]}`);
    lines.push('');
  }
  for (const language of languages) {
    lines.push(`## ${language === 'en' ? 'English' : 'Cymraeg (Welsh)'}`, '');
    lines.push('| Screen | Desktop | Phone |', '|---|---|---|');
    for (const item of shots.filter((s) => s.language === language)) {
      const image = (width: string, size: number) => {
        const file = fileName(item.number, item.slug, width, language);
        return `<a href="${file}"><img src="${file}" width="${size}" alt="${item.state}, ${width}"></a>`;
      };
      lines.push(
        `| ${String(item.number).padStart(2, '0')}. \`${item.route}\`<br>${item.state} | ` +
          `${image('desktop', 480)} | ${image('phone', 160)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
