/**
 * Profile and consent journeys in a real browser, started from the demo relying party
 * (scopes 'openid email profile'): a new user fills in 'Your details' (given_name,
 * family_name, birthdate), confirms what is shared, and the relying party gets the claims;
 * a returning user is asked nothing; Cancel on consent returns access_denied; the form's
 * messages; with the address scope, the postcode lookup; and, with a client's custom
 * claims, every other field type.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  useStack,
  type Stack,
  checkAccessibility,
  dateInputs,
  errorSummary,
  fillDate,
  strongPassword,
  onVerity,
  signUpFromRelyingParty,
} from './harness.js';

const clientName = 'Demo relying party';

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

async function heading(page: Page): Promise<string> {
  return ((await page.locator('h1').textContent()) ?? '').trim();
}

/** From the relying party's start page, 'Sign in with Verity'. */
async function startAtRelyingParty(stack: Stack, page: Page): Promise<void> {
  await page.goto(`${stack.rpUrl}/`);
  await page.getByRole('button', { name: 'Sign in with Verity' }).click();
}

interface Person {
  givenName: string;
  familyName: string;
  /** yyyy-mm-dd */
  birthdate: string;
}

const ada: Person = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  birthdate: '1990-12-10',
};

/** Fills 'Your details' (given_name, family_name, birthdate) and presses Continue. */
async function fillProfile(page: Page, person: Person = ada): Promise<void> {
  await page.getByLabel('Given names', { exact: true }).fill(person.givenName);
  await page.getByLabel('Family name', { exact: true }).fill(person.familyName);
  await fillDate(page, 'Date of birth', person.birthdate);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The consent table's rows as [Field, Value]. */
async function consentRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await table.waitFor();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.locator('th, td').allTextContents()).map((text) => text.trim()),
    ),
  );
}

/** The relying party's /me page: the claim values by name (ID token table first). */
async function relyingPartyClaims(stack: Stack, page: Page): Promise<Record<string, string>> {
  await page.waitForURL(`${stack.rpUrl}/me`);
  const claims: Record<string, string> = {};
  for (const row of await page.locator('table tbody tr').all()) {
    const name = ((await row.locator('th').textContent()) ?? '').trim();
    const value = ((await row.locator('td').textContent()) ?? '').trim();
    if (!(name in claims)) claims[name] = value;
  }
  return claims;
}

describe('profile and consent', () => {
  const env = useStack();

  /** A new user, through /Profile and /Consent, back at the relying party. */
  async function newUserWithProfile(email: string): Promise<void> {
    const context = await env.browser().newContext();
    try {
      const page = await context.newPage();
      const stack = env.stack();
      await signUpFromRelyingParty(stack, page, email);
      await onVerity(stack, page, '/Profile');
      await fillProfile(page);
      await onVerity(stack, page, '/Consent');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(`${stack.rpUrl}/me`);
    } finally {
      await context.close();
    }
  }

  it('(a) a new user fills in their details, confirms, and the relying party gets them', async () => {
    const stack = env.stack();
    const page = env.page();
    const email = newEmail();

    await signUpFromRelyingParty(stack, page, email);
    await onVerity(stack, page, '/Profile');
    await expect.poll(() => heading(page)).toBe('Your details');
    await page.getByRole('form', { name: 'Your details' }).waitFor();
    await checkAccessibility(page);

    await fillProfile(page);
    await onVerity(stack, page, '/Consent');
    await expect.poll(() => heading(page)).toBe('Share your details');
    await page
      .getByText(`confirm you are happy for the following data to be shared with ${clientName}`)
      .waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Field', 'Value']);
    const rows = await consentRows(page);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Given names', 'Ada'],
        ['Family name', 'Lovelace'],
        ['Date of birth', '10 December 1990'],
      ]),
    );
    expect(rows.some(([, value]) => value === email)).toBe(true);
    // The spec's legal pages, each opening in a new window (issue 21).
    const legal = page.getByRole('list', { name: 'About this service' }).getByRole('link');
    expect(await legal.allTextContents()).toEqual([
      'About (opens in a new tab)',
      'Terms & Conditions (opens in a new tab)',
      'Privacy Policy (opens in a new tab)',
    ]);
    for (const [index, href] of ['/about', '/terms', '/privacy'].entries()) {
      expect(await legal.nth(index).getAttribute('href')).toBe(href);
      expect(await legal.nth(index).getAttribute('target')).toBe('_blank');
    }
    await checkAccessibility(page);

    const confirm = page.getByRole('button', { name: 'Confirm' });
    const cancel = page.getByRole('button', { name: 'Cancel' });
    expect(await cancel.isEnabled()).toBe(true);
    await confirm.click();

    const claims = await relyingPartyClaims(stack, page);
    expect(claims).toMatchObject({
      email,
      given_name: 'Ada',
      family_name: 'Lovelace',
      birthdate: '1990-12-10',
    });
  });

  it('(b) the same user signing in again is asked neither details nor consent', async () => {
    const stack = env.stack();
    const page = env.page();
    const email = newEmail();
    await newUserWithProfile(email);

    // A fresh browser: log in with the password.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname.toLowerCase());
    });
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/profile' || pathname === '/api/consent') calls.push(pathname);
    });
    await startAtRelyingParty(stack, page);
    await onVerity(stack, page, '/signup');
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await onVerity(stack, page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(strongPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const claims = await relyingPartyClaims(stack, page);
    expect(claims).toMatchObject({ email, given_name: 'Ada', birthdate: '1990-12-10' });
    expect(visited).not.toContain('/profile');
    expect(visited).not.toContain('/consent');
    expect(calls).toEqual([]);
  });

  it('(c) a new user who cancels on consent returns to the relying party with access_denied', async () => {
    const stack = env.stack();
    const page = env.page();

    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/Profile');
    await fillProfile(page, { ...ada, givenName: 'Grace', familyName: 'Hopper' });
    await onVerity(stack, page, '/Consent');
    expect(await consentRows(page)).toEqual(
      expect.arrayContaining([
        ['Given names', 'Grace'],
        ['Family name', 'Hopper'],
      ]),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL((url) => url.origin === stack.rpUrl && url.pathname === '/callback');
    await page.getByText('access_denied').first().waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('state')).toBeTruthy();
  });

  it('(d) shows Required on every field of an empty form, and refuses an impossible date', async () => {
    const stack = env.stack();
    const page = env.page();

    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/Profile');

    // Nothing shows before the user has done anything.
    expect(await page.getByText('Required', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Next to each field, and in the error summary at the top as a link to the field.
    const summaryLinks = errorSummary(page).getByRole('link', { name: 'Required', exact: true });
    await expect.poll(() => summaryLinks.count()).toBe(3);
    expect(await page.getByText('Required', { exact: true }).count()).toBe(6);
    const givenName = page.getByLabel('Given names', { exact: true });
    expect(await givenName.getAttribute('class')).toContain('is-invalid');
    expect(await givenName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await givenName.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Required');
    // The focus goes to the error summary (GOV.UK); its first link to the first field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^There is a problem/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('given_name');
    expect(new URL(page.url()).pathname).toBe('/Profile');
    await checkAccessibility(page);

    // A valid name turns green; an impossible date is invalid.
    await givenName.fill('Ada');
    await expect.poll(() => givenName.getAttribute('class')).toContain('is-valid');
    const birthdate = dateInputs(page, 'Date of birth');
    await birthdate.day.fill('31');
    await birthdate.month.fill('02');
    await birthdate.year.fill('1990');
    await page.getByLabel('Family name', { exact: true }).focus();
    await birthdate.group.getByText('Date of birth must be a real date').waitFor();
    expect(await birthdate.day.getAttribute('aria-invalid')).toBe('true');
    await checkAccessibility(page);

    // A date in the future is refused too (max: today), saying so; a real one is accepted.
    await birthdate.day.fill('1');
    await birthdate.year.fill(String(new Date().getFullYear() + 1));
    const future = birthdate.group.getByText('Date of birth must be today or in the past');
    await future.waitFor();
    await birthdate.year.fill('1990');
    await expect.poll(() => future.count()).toBe(0);
    // A name too long is said to be too long (issue 21), not to hold special characters.
    const familyName = page.getByLabel('Family name', { exact: true });
    await familyName.fill('L'.repeat(101));
    await givenName.focus();
    await page
      .locator('[data-field="family_name"]')
      .getByText('Family name must be 100 characters or fewer')
      .waitFor();

    await page.getByLabel('Family name', { exact: true }).fill('Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Consent');
    expect(await consentRows(page)).toEqual(
      expect.arrayContaining([['Date of birth', '1 February 1990']]),
    );
  });

  it('sends a visitor who is not signed in from /Profile and /Consent to /login', async () => {
    const stack = env.stack();
    const page = env.page();
    await page.goto(`${stack.verityUrl}/Profile`);
    await onVerity(stack, page, '/login');
    await page.goto(`${stack.verityUrl}/Consent`);
    await onVerity(stack, page, '/login');
  });
});

describe('profile with the address (the relying party asks for the address scope)', () => {
  const env = useStack({ scope: 'openid email profile address' });

  it('finds the address by postcode, offers manual entry, and shares it', async () => {
    const stack = env.stack();
    const page = env.page();

    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/Profile');
    const address = page.getByRole('group', { name: 'Address' });
    const postcode = address.getByLabel('Postcode', { exact: true });
    const find = address.getByRole('button', { name: 'Find address' });
    const message = (text: string) => address.getByText(text, { exact: true });
    expect(await find.isDisabled()).toBe(true);

    // Sent empty: the postcode is asked for.
    await page.getByRole('button', { name: 'Continue' }).click();
    await message('Please enter your postcode').waitFor();
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');

    await postcode.fill('SW1A');
    await message('Please enter a valid postcode').waitFor();
    expect(await find.isDisabled()).toBe(true);

    // Upper-cased and spaced when left; valid but not looked up yet.
    await postcode.fill('sw1a2aa');
    await postcode.blur();
    await expect.poll(() => postcode.inputValue()).toBe('SW1A 2AA');
    await message('Please find and select your address').waitFor();
    expect(await find.isEnabled()).toBe(true);
    await checkAccessibility(page);

    // A valid postcode without addresses says so.
    await postcode.fill('AB1 2DE');
    await find.click();
    await address
      .getByText('We could not find any addresses for AB1 2DE', { exact: false })
      .waitFor();

    await postcode.fill('SW1A 2AA');
    await find.click();
    const list = address.getByRole('listbox', { name: 'Select your address' });
    await list.waitFor();
    expect(await list.getAttribute('size')).toBe('6');
    expect(await list.locator('option').allTextContents()).toEqual([
      '10 Downing Street, London',
      '11 Downing Street, London',
      '12 Downing Street, London',
    ]);
    await message('Please select your address').waitFor();
    await checkAccessibility(page);
    await list.selectOption({ label: '11 Downing Street, London' });
    await expect.poll(() => message('Please select your address').count()).toBe(0);

    // By hand: the picked address is the starting point; back to the finder clears it.
    await address.getByRole('button', { name: 'Enter the address manually' }).click();
    const typed = address.getByLabel('Address, without the postcode');
    expect(await typed.inputValue()).toBe('11 Downing Street, London');
    await checkAccessibility(page);
    await address.getByRole('button', { name: 'Find the address by postcode instead' }).click();
    await find.click();
    await list.waitFor();
    await list.selectOption({ label: '10 Downing Street, London' });

    await fillProfile(page);
    await onVerity(stack, page, '/Consent');
    expect(await consentRows(page)).toEqual(
      expect.arrayContaining([['Address', '10 Downing Street, London, SW1A 2AA']]),
    );
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const claims = await relyingPartyClaims(stack, page);
    expect(claims.address ?? '').toContain('10 Downing Street, London');
    expect(claims.address ?? '').toContain('SW1A 2AA');
  });

  it('lets the user type the address when the address finder is down', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/Profile');
    const address = page.getByRole('group', { name: 'Address' });
    // The sandbox's outage postcode (docs/sandbox.md): the server answers 503.
    await address.getByLabel('Postcode', { exact: true }).fill('ZE9 9ZZ');
    await address.getByRole('button', { name: 'Find address' }).click();
    await address
      .getByText('The address finder is not available at the moment', { exact: false })
      .waitFor();
    await address.getByRole('button', { name: 'Enter the address manually' }).click();
    const typed = address.getByLabel('Address, without the postcode');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await address.getByText('Please enter your address', { exact: true }).waitFor();
    // Too long to keep: said next to the field, not a generic 'Oops' (issue 21).
    await typed.fill('Flat 1, '.repeat(70));
    await address.getByText('Your address must be 500 characters or fewer').waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    await checkAccessibility(page);
    await typed.fill('1 Piccadilly Gardens, Manchester');

    await fillProfile(page);
    await onVerity(stack, page, '/Consent');
    expect(await consentRows(page)).toEqual(
      expect.arrayContaining([['Address', '1 Piccadilly Gardens, Manchester, ZE9 9ZZ']]),
    );
  });
});

const nationalities = [
  'British',
  'French',
  'German',
  'Indian',
  'Irish',
  'Italian',
  'Nigerian',
  'Pakistani',
  'Polish',
  'Portuguese',
  'Romanian',
  'Spanish',
];

/** Custom claims of a client, one of each field type the profile's own fields do not use. */
const customClaims = [
  { name: 'title', type: 'dropdown', title: 'Title', choices: ['Mr', 'Mrs', 'Ms', 'Mx', 'Dr'] },
  { name: 'nationality', type: 'dropdown2', title: 'Nationality', choices: nationalities },
  {
    name: 'contact_by',
    type: 'radio',
    title: 'Contact me by',
    choices: ['Post', 'Phone', 'E-mail'],
  },
  {
    name: 'employment',
    type: 'radio',
    title: 'Employment status',
    choices: ['Employed full time', 'Employed part time', 'Self-employed', 'Not working'],
  },
  {
    name: 'plan',
    type: 'radio2',
    title: 'Preferred plan',
    choices: ['Basic', 'Standard', 'Premium'],
  },
  { name: 'licence_expiry', type: 'date2', title: 'Licence expiry date', min: '2000-01-01' },
  { name: 'work_email', type: 'email', title: 'Work e-mail' },
  {
    name: 'member_number',
    type: 'text',
    title: 'Membership number',
    icon: '#',
    validators: [{ type: 'regex', regex: '^[0-9]{6}$' }],
  },
];

describe('profile with every field type (a client with custom claims)', () => {
  const env = useStack({
    clientFlags: customClaims.flatMap((claim) => ['--custom-claim', JSON.stringify(claim)]),
  });

  it('renders, checks and sends dropdowns, radios, tiles, dates and e-mail', async () => {
    const stack = env.stack();
    const page = env.page();

    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/Profile');
    await page.getByRole('form', { name: 'Your details' }).waitFor();

    // Sent empty: every field says Required (given, family, date of birth and the 8 custom).
    await page.getByRole('button', { name: 'Continue' }).click();
    const summaryLinks = errorSummary(page).getByRole('link', { name: 'Required', exact: true });
    await expect.poll(() => summaryLinks.count()).toBe(11);
    await checkAccessibility(page);

    await fillProfile(page);
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.locator('option').first().textContent()).toBe('Please select...');
    await title.selectOption('Dr');

    // dropdown2: a text input with a list of choices; typed text is matched ignoring case.
    const nationality = page.getByLabel('Nationality', { exact: true });
    expect(await nationality.getAttribute('list')).toBeTruthy();
    await nationality.fill('irish');
    await nationality.blur();
    await expect.poll(() => nationality.inputValue()).toBe('Irish');

    // radio with short choices: buttons; a click on the button picks it, arrows move on.
    const contact = page.getByRole('group', { name: 'Contact me by' });
    await contact.locator('label', { hasText: 'Post' }).click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => contact.getByRole('radio', { name: 'Phone' }).isChecked()).toBe(true);

    // radio with long choices: plain radios.
    const employment = page.getByRole('group', { name: 'Employment status' });
    expect(await employment.locator('.form-check').count()).toBe(4);
    await employment.getByLabel('Self-employed').check();

    // radio2: tiles, each a label around a radio.
    const plan = page.getByRole('group', { name: 'Preferred plan' });
    await plan.getByText('Premium').click();
    expect(await plan.getByRole('radio', { name: 'Premium' }).isChecked()).toBe(true);

    // date2: Day, Month and Year too (no longer the browser's mm/dd/yyyy picker), no autofill.
    const expiry = dateInputs(page, 'Licence expiry date');
    expect(await expiry.day.getAttribute('autocomplete')).toBe('off');
    expect(await expiry.month.getAttribute('inputmode')).toBe('numeric');
    await fillDate(page, 'Licence expiry date', '1999-12-31');
    await expiry.year.blur();
    await expiry.group.getByText('Licence expiry date must be on or after').waitFor();
    await fillDate(page, 'Licence expiry date', '2031-05-01');

    const workEmail = page.getByLabel('Work e-mail', { exact: true });
    await workEmail.fill('not-an-address');
    await workEmail.blur();
    await page
      .locator('[data-field="work_email"]')
      .getByText('Invalid e-mail', { exact: true })
      .waitFor();
    await workEmail.fill('ada@work.example.com');

    const member = page.getByLabel('Membership number', { exact: true });
    await member.fill('12ab');
    await member.blur();
    await page.locator('[data-field="member_number"]').getByText('This field is invalid').waitFor();
    await checkAccessibility(page);
    await member.fill('123456');

    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Consent');

    // The known values come back as the form's starting values.
    await page.goto(`${stack.verityUrl}/Profile`);
    await page.getByRole('form', { name: 'Your details' }).waitFor();
    expect(await page.getByLabel('Given names', { exact: true }).inputValue()).toBe('Ada');
    expect(await dateInputs(page, 'Date of birth').year.inputValue()).toBe('1990');
    expect(await title.inputValue()).toBe('Dr');
    expect(await nationality.inputValue()).toBe('Irish');
    expect(await contact.getByRole('radio', { name: 'Phone' }).isChecked()).toBe(true);
    expect(await plan.getByRole('radio', { name: 'Premium' }).isChecked()).toBe(true);
    expect([
      await expiry.day.inputValue(),
      await expiry.month.inputValue(),
      await expiry.year.inputValue(),
    ]).toEqual(['1', '5', '2031']);
    expect(await member.inputValue()).toBe('123456');
  });
});
