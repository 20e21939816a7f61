/**
 * Identity-check journeys in a real browser, started from the demo relying party, which asks
 * for verified_claims in the claims parameter (with the documents' details for the passport-only
 * client, which the consent screen lists): a client requiring
 * [["Passport","KBVL1"],["DrivingLicence","KBVL1"]] takes a new user through the options, the
 * passport and the questions, and the relying party receives verified_claims; a failing
 * passport leads to a different option; cancel gives access_denied at the relying party. A
 * client asking for ial2 (an essential acr) of a user with two factors: another person's
 * passport fails and leaves assurance outstanding, and ial2 comes only with the user's own
 * licence, whose evidence alone reaches the client.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fillIdentity,
  addAuthenticatorApp,
  useStack,
  type Stack,
  checkAccessibility,
  dateInputs,
  errorSummary,
  fillDate,
  onVerity,
  signUpFromRelyingParty,
  waitForFieldError,
} from './harness.js';

const verifiedClaimsRequest = {
  verification: { trust_framework: null },
  claims: { given_name: null, family_name: null, birthdate: null },
};
const claims = JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } });
/** The same, also asking for the documents' details (number, issuer, dates). */
const claimsWithDocuments = JSON.stringify({
  id_token: {
    verified_claims: {
      ...verifiedClaimsRequest,
      verification: {
        trust_framework: null,
        evidence: [{ type: { value: 'document' }, document_details: { document_number: null } }],
      },
    },
  },
});

/** Anna Smith's passport in the sandbox (docs/sandbox.md). */
const anna = {
  number: '533401372',
  surname: 'Smith',
  given: 'Anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** Fills the passport form with the keyboard, field after field, and submits with Enter. */
async function fillPassport(page: Page, details: typeof anna): Promise<void> {
  await page.getByLabel('Passport No.').fill(details.number);
  await page.keyboard.press('Tab');
  await page.keyboard.type(details.surname);
  await page.keyboard.press('Tab');
  await page.keyboard.type(details.given);
  await fillDate(page, 'Date of Birth', details.dob);
  await fillDate(page, 'Expiry Date', details.expiry);
  await dateInputs(page, 'Expiry Date').year.press('Enter');
}

/** Siobhan O'Brien's passport in the sandbox: another person's for a profile of Anna Smith. */
const siobhan = {
  number: '824159367',
  surname: "O'Brien",
  given: 'Siobhan',
  dob: '1990-06-21',
  expiry: '2027-01-09',
};

/** The relying party's /me page: the claim values by name (ID token table first). */
async function relyingPartyClaims(stack: Stack, page: Page): Promise<Record<string, string>> {
  await page.waitForURL(`${stack.rpUrl}/me`);
  const found: Record<string, string> = {};
  for (const row of await page.locator('table tbody tr').all()) {
    const name = ((await row.locator('th').textContent()) ?? '').trim();
    const value = ((await row.locator('td').textContent()) ?? '').trim();
    if (!(name in found)) found[name] = value;
  }
  return found;
}

describe('identity checks: a client that accepts a passport', () => {
  const env = useStack({
    scope: 'openid email',
    claims: claimsWithDocuments,
    clientFlags: ['--assurance', '[["Passport"]]'],
  });

  it('takes a new user through the passport, and the relying party receives verified_claims', async () => {
    const stack = env.stack();
    const page = env.page();
    // Before signing up, the side panel shows a visitor the ways to prove who they are.
    await page.goto(`${stack.rpUrl}/`);
    await page.getByRole('button', { name: 'Sign in with Verity' }).click();
    await onVerity(stack, page, '/signup');
    await page.getByRole('button', { name: 'See how you can prove your identity' }).click();
    await page
      .locator('#proof-ways')
      .getByRole('listitem')
      .filter({ hasText: 'Passport' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await checkAccessibility(page);
    await signUpFromRelyingParty(stack, page, newEmail());

    // One distinct check: chosen without asking, after the short transition.
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByText('You chose Passport').waitFor();
    await fillIdentity(stack, page);
    await onVerity(stack, page, '/Passport');
    await page.getByText('Please provide your passport details').waitFor();

    // Every field's message, before anything is sent.
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const message of [
      'Passport No. is required',
      'Surname is required',
      'Given names are required',
      'Date of Birth is required',
      'Expiry Date is required',
    ]) {
      await waitForFieldError(page, message);
    }
    // The error summary has the focus, and its links lead to each field (GOV.UK, issue 21).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^There is a problem/);
    await errorSummary(page).getByRole('link', { name: 'Date of Birth is required' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('passport-dob');
    const dob = dateInputs(page, 'Date of Birth');
    expect(await dob.day.getAttribute('autocomplete')).toBe('bday-day');
    expect(await dob.year.getAttribute('inputmode')).toBe('numeric');
    expect(await dateInputs(page, 'Expiry Date').day.getAttribute('autocomplete')).toBe('off');
    await checkAccessibility(page);
    // A date half typed, or no real date, is said so; only its wrong inputs are marked.
    await dob.day.fill('17');
    await dob.year.fill('1985');
    await page.getByLabel('Passport No.').focus();
    await waitForFieldError(page, 'Date of Birth must include a month');
    expect(await dob.month.getAttribute('aria-invalid')).toBe('true');
    expect(await dob.day.getAttribute('aria-invalid')).toBeNull();
    await dob.month.fill('13');
    await waitForFieldError(page, 'Date of Birth must be a real date');
    await dob.month.fill('2');
    await dob.year.fill('85');
    await waitForFieldError(page, 'Year must include 4 numbers');
    await checkAccessibility(page);
    await page.getByLabel('Passport No.').fill('912345678');
    await page.getByLabel('Passport No.').blur();
    await waitForFieldError(page, 'Passport No. invalid');

    await fillPassport(page, anna);
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Consent');
    // What was verified, by what evidence and when; never a check's internal name.
    await page
      .getByText(
        /^ANNA SMITH, born 17 February 1985\. Name and date of birth verified from your passport on \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
      )
      .waitFor();
    // The request asks for the documents' details: the user sees them before they go.
    await page
      .getByRole('row', { name: 'Document details' })
      .getByText('Passport 533401372, issued by HM Passport Office (GB), expires 2031-04-30')
      .waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();

    const received = await relyingPartyClaims(stack, page);
    const verified = JSON.parse(received.verified_claims!) as Record<string, unknown>;
    expect(verified).toMatchObject({
      verification: {
        trust_framework: 'uk_diatf',
        evidence: [
          {
            type: 'document',
            document_details: { type: 'passport', document_number: '533401372' },
          },
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });

  it("another person's passport fails with the spec's text, and the relying party never gets a verified identity", async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    // The case: a profile of Ada Lovelace, and Anna Smith's (valid) passport.
    await fillIdentity(stack, page, {
      given: 'Ada',
      family: 'Lovelace',
      birthdate: '1985-12-10',
    });
    await onVerity(stack, page, '/Passport');
    // The passport chosen, as the options screen stores it; a failed check must clear it.
    const storedChoice = () =>
      page.evaluate(async () => {
        const requestId = sessionStorage.getItem('requestId');
        const response = await fetch(`/api/verification/${requestId}`);
        return ((await response.json()) as { assuranceChoice: string[] }).assuranceChoice;
      });
    await page.evaluate(async () => {
      const requestId = sessionStorage.getItem('requestId');
      await fetch(`/api/verification/${requestId}/choice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checks: ['Passport'] }),
      });
    });
    expect(await storedChoice()).toEqual(['Passport']);
    await fillPassport(page, anna);
    await page
      .getByText(
        'Sorry we have been unable to verify your Passport. Please choose a different verification option.',
      )
      .waitFor();
    await checkAccessibility(page);
    expect(await storedChoice()).toEqual([]);
    expect(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('assuranceChoice') ?? '[]')),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Choose a different option' }).click();

    await onVerity(stack, page, '/VerifyOptions');
    await page.getByText('Sorry we are unable to verify you with only these methods.').waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Cancel and return to Demo relying party' }).click();

    await page.waitForURL((url) => url.origin === stack.rpUrl && url.pathname === '/callback');
    await page.getByText('access_denied').first().waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('error_description')).toBe(
      'The user cancelled the request before completing it.',
    );
    expect(query.get('state')).toBeTruthy();
    // No code, so no token: neither acr ial2 nor verified_claims ever reach the client.
    expect(query.get('code')).toBeNull();
  });

  it('keeps the form when no passport has these details, with the tries left; the usual profile then passes with her own', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await fillIdentity(stack, page, {
      given: 'Ada',
      family: 'Lovelace',
      birthdate: '1985-12-10',
    });
    await onVerity(stack, page, '/Passport');
    // Ada's details, but a number no passport record has (docs/sandbox.md).
    const ada = { ...anna, surname: 'Lovelace', given: 'Ada', dob: '1985-12-10' };
    await fillPassport(page, { ...ada, number: '111222333', expiry: '2032-05-31' });
    await page
      .getByText(
        'These details did not match a record. Please check them and try again. You have 2 tries left today.',
      )
      .waitFor();
    // Still the form, as typed.
    expect(await page.getByLabel('Passport No.').inputValue()).toBe('111222333');
    const dob = dateInputs(page, 'Date of Birth');
    expect([
      await dob.day.inputValue(),
      await dob.month.inputValue(),
      await dob.year.inputValue(),
    ]).toEqual(['10', '12', '1985']);
    await page.getByLabel('Passport No.').fill('548213907');
    await dateInputs(page, 'Expiry Date').year.press('Enter');
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();
  });

  it('checks a card, grouping its number as typed in the field and the live preview', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await fillIdentity(stack, page, {
      given: 'Robert',
      family: 'MacDonald',
      birthdate: '1968-04-05',
    });
    await onVerity(stack, page, '/Passport');
    await page.goto(`${stack.verityUrl}/CreditCard`);
    await onVerity(stack, page, '/CreditCard');
    await page.getByText('Please provide your card details').waitFor();
    const number = page.getByLabel('Card number');
    await number.pressSequentially('378282246310005');
    expect(await number.inputValue()).toBe('3782 822463 10005');
    expect(await page.getByTestId('card-preview-number').textContent()).toBe('3782 822463 10005');
    await page.getByLabel('Cardholder name').fill('Robert MacDonald');
    await page.getByLabel('Expiry (MM/YY)').fill('13/28');
    // Enter, not a click: the message shown as the field is left moves the button under it.
    await page.getByLabel('Expiry (MM/YY)').press('Enter');
    await waitForFieldError(page, 'Expiry is invalid');
    await checkAccessibility(page);
    await page.getByLabel('Expiry (MM/YY)').fill('05/28');
    await page.getByLabel('Expiry (MM/YY)').press('Enter');
    await page
      .getByText('Congratulations, you have verified your Credit Card successfully.')
      .waitFor();
  });

  it('matches a mobile contract, and shows the photo screens with their instructions', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await fillIdentity(stack, page);
    await onVerity(stack, page, '/Passport');
    await fillPassport(page, anna);
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();

    await page.goto(`${stack.verityUrl}/MNO`);
    await onVerity(stack, page, '/MNO');
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Mobile number').fill('07700 900002');
    await verify.click();
    await page
      .getByText(
        'Sorry we have been unable to match your profile against your mobile phone contract. Please choose a different verification option.',
      )
      .waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Choose a different option' }).click();
    await onVerity(stack, page, '/Verify');
    // The passport is done, so the fixed list no longer offers it.
    await page.getByRole('link', { name: 'Driving Licence' }).waitFor();
    expect(await page.getByRole('link', { name: 'Passport' }).count()).toBe(0);
    await checkAccessibility(page);

    await page.goto(`${stack.verityUrl}/PassportPhoto`);
    await onVerity(stack, page, '/PassportPhoto');
    await page.getByRole('heading', { name: 'App install instructions' }).waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Take or upload photos without the app' }).click();
    // The upload opens on the same screen (photoId.e2e.test.ts takes it through).
    await page.getByRole('heading', { name: 'Take or upload photos' }).waitFor();
    await page.getByLabel('Photo of your passport').waitFor();
    await checkAccessibility(page);
  });
});

/** Anna Smith's right answers in the sandbox credit file (docs/sandbox.md). */
const annaAnswers: Array<[string, string]> = [
  ['Which of these companies have you had a credit card with?', 'Halifax'],
  ['Which of these banks do you have a current account with?', 'Santander'],
  ['Which of these lenders is your mortgage with?', 'Nationwide'],
];

async function answer(page: Page, answers: Array<[string, string]>): Promise<void> {
  for (const [question, choice] of answers) {
    await page.getByRole('group', { name: question }).getByText(choice, { exact: true }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('identity checks: the passport and the questions', () => {
  const env = useStack({
    scope: 'openid email',
    claims,
    clientFlags: ['--assurance', '[["Passport","KBVL1"],["DrivingLicence","KBVL1"]]'],
  });

  it('takes a new user through the options, the passport and the questions; the relying party receives verified_claims', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());

    await onVerity(stack, page, '/VerifyOptions');
    await page.getByText('Demo relying party needs to confirm your identity').waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).waitFor();
    const option = page.getByRole('button', { name: 'Passport and Financial questions' });
    await option.focus();
    await page.keyboard.press('Enter');
    await page.getByText('You chose Passport and Financial questions').waitFor();
    await fillIdentity(stack, page);

    await onVerity(stack, page, '/Passport');
    await fillPassport(page, anna);
    await page
      .getByText('Congratulations, you have verified your Passport successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Kbv');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Identity check');
    await page.getByText('Please answer all the questions below').waitFor();
    await checkAccessibility(page);
    // Every question must be answered.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    await checkAccessibility(page);
    await answer(page, annaAnswers);

    await onVerity(stack, page, '/Consent');
    await page
      .getByText(
        /^ANNA SMITH, born 17 February 1985\. Name and date of birth verified from your credit file \(financial questions\) on .+\. Name and date of birth verified from your passport on .+\.$/,
      )
      .waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/KBVL1|\(Passport\)/);
    await page.getByRole('button', { name: 'Confirm' }).click();

    const received = await relyingPartyClaims(stack, page);
    const verified = JSON.parse(received.verified_claims!) as {
      verification: {
        evidence: Array<{ type: string; check_details: Array<{ check_method: string }> }>;
      };
      claims: Record<string, string>;
    };
    expect(
      verified.verification.evidence.map((e) => [e.type, e.check_details[0]!.check_method]),
    ).toEqual([
      ['electronic_record', 'kbv'],
      ['document', 'data'],
    ]);
    expect(verified.claims).toEqual({
      given_name: 'ANNA',
      family_name: 'SMITH',
      birthdate: '1985-02-17',
    });
  });

  it('wrong answers fail the questions, and Return gives access_denied at the relying party', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
    await fillIdentity(stack, page);
    await onVerity(stack, page, '/Passport');
    await fillPassport(page, anna);
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Kbv');
    await page.getByText('Please answer all the questions below').waitFor();
    await answer(page, [
      ['Which of these companies have you had a credit card with?', 'None of these'],
      ['Which of these banks do you have a current account with?', 'None of these'],
      ['Which of these lenders is your mortgage with?', 'None of these'],
    ]);
    await page
      .getByText('Sorry we have been unable to verify your identity from your answers.')
      .waitFor();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Return' }).click();
    await page.waitForURL((url) => url.origin === stack.rpUrl && url.pathname === '/callback');
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  });

  it("another person's passport leads to a different option: the driving licence, with its image showing the field", async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
    await fillIdentity(stack, page);
    await onVerity(stack, page, '/Passport');
    // Siobhan O'Brien's passport: a record, but another person's.
    await fillPassport(page, siobhan);
    await page.getByRole('button', { name: 'Choose a different option' }).click();

    await onVerity(stack, page, '/VerifyOptions');
    // The passport failed: only the licence is left, and it is one option of two checks.
    await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).click();
    expect(
      await page.getByRole('button', { name: 'Passport and Financial questions' }).count(),
    ).toBe(0);

    await onVerity(stack, page, '/DrivingLicence');
    await page.getByText('Please provide your driving licence details').waitFor();
    await page.getByLabel('5. Licence Number').focus();
    expect(await page.locator('svg.licence-image rect[fill="#ffc107"]').count()).toBe(1);
    await page.getByLabel('1. Surname').fill('Smith');
    await page.getByLabel('2. Given Name(s)').fill('Anna');
    await fillDate(page, '3. Date of Birth', '1985-02-17');
    await fillDate(page, '4a. Date of Issue', '2019-03-01');
    await fillDate(page, '4b. Date of Expiry', '2029-02-28');
    expect(await page.getByLabel('8. Postcode').getAttribute('autocomplete')).toBe('postal-code');
    await page.getByLabel('5. Licence Number').fill('SMITH852176A99AB');
    await page.getByLabel('8. Postcode').fill('CR2 6XH');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForFieldError(
      page,
      'Driving Licence number does not match your surname and date of birth',
    );
    await checkAccessibility(page);
    await page.getByLabel('5. Licence Number').fill('smith852175a99ab');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Congratulations, you have verified your Driving Licence successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Kbv');
    await answer(page, annaAnswers);
    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const received = await relyingPartyClaims(stack, page);
    expect(JSON.parse(received.verified_claims!)).toMatchObject({
      verification: {
        evidence: [{ type: 'electronic_record' }, { document_details: { type: 'driving_permit' } }],
      },
    });
  });

  it('a user without a passport says so, and is offered the other option only', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport and Financial questions' }).click();
    await fillIdentity(stack, page);
    await onVerity(stack, page, '/Passport');
    await page.getByRole('button', { name: 'I do not have a passport' }).click();
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Driving Licence and Financial questions' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Passport and Financial questions' }).count(),
    ).toBe(0);
  });
});

describe('identity checks: a card, then the questions, for a new user', () => {
  // The client asks for no profile claim: the questions still need the name, birth date and
  // address.
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--assurance', '[["CreditCard","KBVL1"]]'],
  });

  it('asks for the name, birth date and address before the card, then the questions, and returns to the relying party', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Credit Card and Financial questions' }).click();

    // The address too: the credit file is looked up at it.
    await onVerity(stack, page, '/Profile');
    await page.getByRole('group', { name: 'Address' }).waitFor();
    await fillIdentity(stack, page);

    await onVerity(stack, page, '/CreditCard');
    await page.getByLabel('Card number').pressSequentially('4111111111111111');
    await page.getByLabel('Cardholder name').fill('Anna Smith');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Congratulations, you have verified your Credit Card successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Kbv');
    await page.getByText('Please answer all the questions below').waitFor();
    await answer(page, annaAnswers);

    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.origin === stack.rpUrl && url.pathname === '/me');
  });
});

describe('identity checks: a client that asks for ial2, and a user with two factors', () => {
  // The acr essential and ial2 only: the request ends with ial2 or not at all (acr.ts). Either
  // document will do; the client wants the documents' details.
  const env = useStack({
    scope: 'openid email',
    claims: JSON.stringify({
      id_token: {
        acr: { essential: true, values: ['urn:verity:ial2'] },
        verified_claims: JSON.parse(claimsWithDocuments).id_token.verified_claims,
      },
    }),
    clientFlags: ['--assurance', '[["Passport"],["DrivingLicence"]]'],
  });

  it("another person's passport fails and the request cannot end on it; ial2 comes only with her own licence, and nothing of the passport reaches the client", async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    // ial2 needs two factors: the authenticator app first.
    await onVerity(stack, page, '/SecondFactor');
    await addAuthenticatorApp(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport', exact: true }).click();
    await fillIdentity(stack, page, {
      given: 'Ada',
      family: 'Lovelace',
      birthdate: '1985-12-10',
    });
    await onVerity(stack, page, '/Passport');
    await fillPassport(page, anna);
    await page
      .getByText(
        'Sorry we have been unable to verify your Passport. Please choose a different verification option.',
      )
      .waitFor();
    // Two factors, and the mismatched passport: had it counted, the request could end now
    // with ial2. It cannot: assurance is still outstanding.
    const ending = await page.evaluate(async () => {
      const response = await fetch('/api/generateresponse', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: sessionStorage.getItem('requestId') }),
      });
      return (await response.json()) as { redirect_Uri: string | null; userRequirements: string[] };
    });
    expect(ending.redirect_Uri).toBeNull();
    expect(ending.userRequirements).toContain('assurance');

    // She carries on with the other option, her own licence.
    await page.getByRole('button', { name: 'Choose a different option' }).click();
    await onVerity(stack, page, '/VerifyOptions');
    await onVerity(stack, page, '/DrivingLicence');
    await page.getByLabel('1. Surname').fill('Lovelace');
    await page.getByLabel('2. Given Name(s)').fill('Ada');
    await fillDate(page, '3. Date of Birth', '1985-12-10');
    await fillDate(page, '4a. Date of Issue', '2020-06-15');
    await fillDate(page, '4b. Date of Expiry', '2030-06-14');
    await page.getByLabel('5. Licence Number').fill('LOVEL862105A99LV');
    await page.getByLabel('8. Postcode').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('Congratulations, you have verified your Driving Licence successfully.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).click();

    const received = await relyingPartyClaims(stack, page);
    expect(received.acr).toBe('urn:verity:ial2');
    const verified = JSON.parse(received.verified_claims!) as {
      verification: { evidence: Array<{ document_details?: Record<string, unknown> }> };
      claims: Record<string, string>;
    };
    // The licence alone: the failed passport is no evidence, and its person is nowhere.
    expect(verified.verification.evidence.map((e) => e.document_details)).toMatchObject([
      { type: 'driving_permit', document_number: 'LOVEL862105A99LV' },
    ]);
    expect(verified.claims).toEqual({
      given_name: 'ADA',
      family_name: 'LOVELACE',
      birthdate: '1985-12-10',
    });
    expect(JSON.stringify(received)).not.toMatch(/533401372|ANNA|SMITH|passport/i);
  });
});
