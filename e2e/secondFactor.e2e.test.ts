/**
 * Second-factor journeys in a real browser, from the demo relying party, whose client
 * requires a second factor (--require-second-factor): a new user sets up an authenticator app
 * ('Setup security'), gets recovery codes and returns with acr urn:verity:aal2; the next login
 * asks for the app's code ('Login with 2FA'); a login with a recovery code; SMS set-up and
 * login with codes read from the development outbox; voice set-up followed from answered to
 * completed, and a voice test number that is busy; a
 * security key set up and used with Chromium's virtual authenticator (CDP WebAuthn); and
 * 4-digit codes where the deployment is set to them.
 * The app's codes are computed here from the secret the page shows.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appCode,
  outboxMessages,
  useStack,
  type Stack,
  checkAccessibility,
  strongPassword,
  onVerity,
  signUpFromRelyingParty,
} from './harness.js';

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

async function logInFromRelyingParty(stack: Stack, page: Page, email: string): Promise<void> {
  await page.goto(`${stack.rpUrl}/`);
  await page.getByRole('button', { name: 'Sign in with Verity' }).click();
  await onVerity(stack, page, '/signup');
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await onVerity(stack, page, '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Waits for a new SMS or call to `number` in the outbox and returns its code. */
async function phoneCode(stack: Stack, number: string, seen: readonly string[] = []) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const message of await outboxMessages(stack.verityUrl, number)) {
      if (seen.includes(message.id)) continue;
      const code = /code is ([\d, ]+)\./.exec(message.body)?.[1]?.replace(/[ ,]/g, '');
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code reached ${number}`);
}

/** Chromium's virtual security key (CTAP2 over USB, no user verification) for this page. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: false,
      isUserVerified: false,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The relying party's /me page: the ID token's claims by name. */
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

describe('second factor: authenticator app, SMS, voice, security keys and recovery codes', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-second-factor'],
  });

  /** Signs a new user up and sets up the app; returns its secret and the recovery codes. */
  async function setUpAuthenticator(page: Page, email: string) {
    const stack = env.stack();
    await signUpFromRelyingParty(stack, page, email);
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Setup security' }).waitFor();
    await page.getByText('We recommend you set up more than one method').waitFor();
    const next = page.getByRole('button', { name: 'Continue' });
    expect(await next.isDisabled()).toBe(true);
    await checkAccessibility(page);

    await page.getByRole('button', { name: 'Set up Authenticator App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    await checkAccessibility(page);
    const secret = ((await dialog.locator('#authenticator-key').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = dialog.getByLabel('Enter the 6-digit code the app shows');
    await code.fill(appCode(secret, 5));
    await code.press('Enter');
    await dialog.getByText('This code is incorrect, please try again.').waitFor();
    await code.fill(appCode(secret));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'detached' });

    const recovery = page.getByRole('list', { name: 'Your recovery codes' });
    await recovery.waitFor();
    const codes = (await recovery.locator('li').allTextContents()).map((text) => text.trim());
    expect(codes).toHaveLength(10);
    const card = page.getByRole('region', { name: /^Authenticator App/ });
    await card.getByText('Authenticator app', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Remove Authenticator App' }).waitFor();
    await checkAccessibility(page);
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    const claims = await relyingPartyClaims(stack, page);
    expect(claims.acr).toBe('urn:verity:aal2');
    expect(claims.amr).toContain('mfa');
    return { secret, codes };
  }

  it('sets up an authenticator app, then logs in with its code (keyboard only)', async () => {
    const stack = env.stack();
    const email = newEmail();
    const { secret } = await setUpAuthenticator(env.page(), email);

    const context = await env.browser().newContext();
    try {
      const page = await context.newPage();
      await logInFromRelyingParty(stack, page, email);
      await onVerity(stack, page, '/SecondFactor');
      await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
      await checkAccessibility(page);
      const field = page.getByLabel('Code from your authenticator app');
      await field.focus();
      // A code far from now is wrong; the next time step's code is inside the tolerance and
      // always newer than the set-up's code (each code is accepted once).
      await page.keyboard.type(appCode(secret, 5));
      await page.keyboard.press('Enter');
      await page.getByText('This code is incorrect, please try again.').waitFor();
      await field.fill('');
      await field.focus();
      await page.keyboard.type(appCode(secret, 1));
      await page.keyboard.press('Enter');
      const claims = await relyingPartyClaims(stack, page);
      expect(claims.acr).toBe('urn:verity:aal2');
    } finally {
      await context.close();
    }
  });

  it('logs in with a recovery code', async () => {
    const stack = env.stack();
    const email = newEmail();
    const { codes } = await setUpAuthenticator(env.page(), email);

    const context = await env.browser().newContext();
    try {
      const page = await context.newPage();
      await logInFromRelyingParty(stack, page, email);
      await onVerity(stack, page, '/SecondFactor');
      await page.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      const field = page.getByLabel('Recovery code');
      await field.fill(codes[0]!);
      await checkAccessibility(page);
      await page.getByRole('button', { name: 'Verify' }).click();
      const claims = await relyingPartyClaims(stack, page);
      expect(claims.acr).toBe('urn:verity:aal2');

      // Back at Verity, the methods page makes a new set of codes.
      await page.goto(`${stack.verityUrl}/SecondFactor`);
      await page.getByRole('heading', { name: 'Setup security' }).waitFor();
      await page.getByRole('button', { name: 'Make new recovery codes' }).click();
      const renewed = page.getByRole('list', { name: 'Your recovery codes' });
      await renewed.waitFor();
      const fresh = (await renewed.locator('li').allTextContents()).map((text) => text.trim());
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(codes[1]);
      await checkAccessibility(page);
    } finally {
      await context.close();
    }
  });

  it('sets up SMS, then logs in with an SMS code read from the outbox', async () => {
    const stack = env.stack();
    const page = env.page();
    const email = newEmail();
    const number = '07700900123';
    await signUpFromRelyingParty(stack, page, email);
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Setup security' }).waitFor();
    await page.getByRole('button', { name: 'Set up SMS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up SMS' });
    const field = dialog.getByLabel('Mobile number');
    await field.fill('0800 123');
    await field.blur();
    await dialog.getByText('Please enter a UK mobile number').waitFor();
    await checkAccessibility(page);
    await field.fill('07700 900123');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('button', { name: 'Sending...' }).waitFor();
    const codeField = dialog.getByLabel('Enter the code we sent you');
    await codeField.waitFor();
    await codeField.fill(await phoneCode(stack, number));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await page
      .getByRole('region', { name: /^SMS/ })
      .getByText('Mobile ending 123', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await relyingPartyClaims(stack, page)).amr).toContain('sms');

    const context = await env.browser().newContext();
    try {
      const login = await context.newPage();
      const seen = (await outboxMessages(stack.verityUrl, number)).map((message) => message.id);
      await logInFromRelyingParty(stack, login, email);
      await onVerity(stack, login, '/SecondFactor');
      await login.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
      await login.getByText('We will send a code to your mobile ending 123.').waitFor();
      await login.getByRole('button', { name: 'Send code' }).click();
      const code = login.getByLabel('Enter the code we sent you');
      await code.waitFor();
      await checkAccessibility(login);
      await code.fill(await phoneCode(stack, number, seen));
      await code.press('Enter');
      const claims = await relyingPartyClaims(stack, login);
      expect(claims.acr).toBe('urn:verity:aal2');
      expect(claims.amr).toContain('sms');
    } finally {
      await context.close();
    }
  });

  it("sets up Voice: the call is answered, 'Answered...' turns to Verify, the code is accepted", async () => {
    const stack = env.stack();
    const page = env.page();
    const number = '01632960456';
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('button', { name: 'Set up Voice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up Voice' });
    await dialog.getByLabel('Phone number').fill('01632 960456');
    await dialog.getByRole('button', { name: 'Call me' }).click();
    const codeField = dialog.getByLabel('Enter the code you heard');
    await codeField.waitFor();
    // The sandbox's call stays in progress for a few polls, then completes: the button must
    // follow it to Verify (it stayed on 'Answered...' when a repeated status ended polling).
    await dialog.getByRole('button', { name: 'Answered...' }).waitFor();
    const verify = dialog.getByRole('button', { name: 'Verify' });
    await verify.waitFor({ timeout: 10_000 });
    await checkAccessibility(page);
    await codeField.fill(await phoneCode(stack, number));
    await verify.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await relyingPartyClaims(stack, page)).amr).toContain('tel');
  });

  it("calls a busy voice test number: 'Try again'", async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('button', { name: 'Set up Voice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up Voice' });
    await dialog.getByLabel('Phone number').fill('01632 960111');
    await dialog.getByRole('button', { name: 'Call me' }).click();
    await dialog.getByRole('button', { name: 'Calling...' }).waitFor();
    await dialog.getByText('The line was busy.').waitFor();
    await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await dialog.getByLabel('Enter the code you heard').count()).toBe(0);
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  });

  it("sets up a security key with Chromium's virtual authenticator, then logs in with it", async () => {
    const stack = env.stack();
    const page = env.page();
    const email = newEmail();
    const key = await virtualAuthenticator(page);
    await signUpFromRelyingParty(stack, page, email);
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Setup security' }).waitFor();
    const card = page.getByRole('region', { name: /^Security Key/ });
    expect(await card.getByLabel('Key name').inputValue()).toBe(email);
    // A long name without a space (63 characters) wraps inside its card (issue 21).
    const keyName = `MyBlueKey${'x'.repeat(54)}`;
    await card.getByLabel('Key name').fill(keyName);
    await card.getByRole('button', { name: 'Set up Security Key' }).click();
    await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await card.getByRole('button', { name: `Remove ${keyName}` }).waitFor();
    // Nothing in the card reaches past its edges, and the card itself does not scroll.
    const overflows = () =>
      card.evaluate((section) => {
        const edge = section.getBoundingClientRect();
        const outside = Array.from(section.querySelectorAll('*')).filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < edge.left - 1 || box.right > edge.right + 1);
        });
        return section.scrollWidth > section.clientWidth + 1 || outside.length > 0;
      });
    expect(await overflows()).toBe(false);
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await overflows()).toBe(false);
    if (viewport) await page.setViewportSize(viewport);
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    const claims = await relyingPartyClaims(stack, page);
    expect(claims.amr).toContain('hwk');
    const { credentials } = await key.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: key.authenticatorId,
    });
    expect(credentials).toHaveLength(1);

    const context = await env.browser().newContext();
    try {
      const login = await context.newPage();
      const sameKey = await virtualAuthenticator(login);
      await sameKey.cdp.send('WebAuthn.addCredential', {
        authenticatorId: sameKey.authenticatorId,
        credential: credentials[0]!,
      });
      await logInFromRelyingParty(stack, login, email);
      await onVerity(stack, login, '/SecondFactor');
      await login.getByRole('heading', { name: 'Login with 2FA' }).waitFor();
      await checkAccessibility(login);
      await login.getByRole('button', { name: 'Use your security key' }).click();
      const loggedIn = await relyingPartyClaims(stack, login);
      expect(loggedIn.acr).toBe('urn:verity:aal2');
      expect(loggedIn.amr).toContain('hwk');
      const { credentials: used } = await sameKey.cdp.send('WebAuthn.getCredentials', {
        authenticatorId: sameKey.authenticatorId,
      });
      expect(used[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
    } finally {
      await context.close();
    }
  });
});

describe('second factor: SMS codes of 4 digits (SECOND_FACTOR_CODE_LENGTH=4)', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-second-factor'],
    verityEnv: () => ({ SECOND_FACTOR_CODE_LENGTH: '4' }),
  });

  it('asks for exactly 4 digits and names that length', async () => {
    const stack = env.stack();
    const page = env.page();
    const number = '07700900124';
    await signUpFromRelyingParty(stack, page, newEmail());
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('button', { name: 'Set up SMS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up SMS' });
    await dialog.getByLabel('Mobile number').fill('07700 900124');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const codeField = dialog.getByLabel('Enter the code we sent you');
    await codeField.waitFor();
    const code = await phoneCode(stack, number);
    expect(code).toMatch(/^\d{4}$/);
    await codeField.fill('123456');
    await codeField.press('Enter');
    await dialog.getByText('The code should be 4 digits').waitFor();
    expect(await dialog.getByText('6 digits').count()).toBe(0);
    await checkAccessibility(page);
    await codeField.fill(code);
    await codeField.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: /^SMS/ })
      .getByText('Mobile ending 124', { exact: true })
      .waitFor();
  });
});
