/**
 * A locked password login, in a real browser: the owner follows the link in the lock e-mail,
 * lands on the new-password step of /forgotpassword, sets a new password, and logs in with it.
 * The login screen meanwhile answers as for any failure, with a line to reset the password.
 * The server locks after one failure here (PASSWORD_LOCK_AFTER=1) so the journey is short.
 */
import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  launchBrowser,
  outboxMessages,
  startStack,
  strongPassword,
  waitForEmailCode,
  type Stack,
} from './harness.js';

const newPassword = 'violet mountain lantern orbit 77';

describe('a locked password login', () => {
  let stack: Stack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    stack = await startStack({ verityEnv: () => ({ PASSWORD_LOCK_AFTER: '1' }) });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is unlocked by the link in the lock e-mail, in a browser that never asked for a code', async () => {
    const { verityUrl } = stack!;
    const email = `lock-${randomUUID()}@example.com`;
    const context = await browser!.newContext();
    const api = context.request;
    await api.post(`${verityUrl}/api/register`, {
      data: {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      },
    });
    const code = await waitForEmailCode(verityUrl, email, []);
    expect(
      (await api.post(`${verityUrl}/api/verify`, { data: { Email: email, Code: code } })).ok(),
    ).toBe(true);

    const login = (password: string) =>
      fetch(`${verityUrl}/api/login/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: password }),
      }).then((response) => response.json() as Promise<{ failed: boolean }>);
    expect(await login('not the password')).toMatchObject({ failed: true });
    expect(await login(strongPassword)).toMatchObject({ failed: true });

    // The screen's answer while locked is the spec's, as for any failure, with the way out.
    const locked = await (await browser!.newContext()).newPage();
    await locked.goto(`${verityUrl}/login`);
    await locked.getByLabel('Email', { exact: true }).fill(email);
    await locked.getByLabel('Password', { exact: true }).fill(strongPassword);
    await locked.getByRole('button', { name: 'Login', exact: true }).click();
    await locked
      .getByText(
        'We do not recognise that e-mail and password combination, please check and try again.',
      )
      .waitFor();
    await locked
      .getByText('Forgotten your password, or locked out after too many tries?')
      .waitFor();
    await checkAccessibility(locked);
    await locked.getByRole('link', { name: 'Reset your password' }).click();
    await locked.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await locked.context().close();

    let link: string | undefined;
    await expect
      .poll(async () => {
        const notice = (await outboxMessages(verityUrl, email)).find((message) =>
          message.subject?.includes('locked'),
        );
        link = /(http\S+\/forgotpassword#\S+)/.exec(notice?.body ?? '')?.[1];
        return link;
      })
      .toBeTruthy();

    const page = await (await browser!.newContext()).newPage();
    await page.goto(link!);
    const passwordField = page.getByLabel('New password', { exact: true });
    await passwordField.waitFor();
    // The token left the address bar as the page read it.
    expect(new URL(page.url()).hash).toBe('');
    await checkAccessibility(page);
    await passwordField.fill(newPassword);
    const save = page.getByRole('button', { name: 'Set new password' });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Your password has been changed.').waitFor();

    expect(await login(newPassword)).toMatchObject({ failed: false });
    await context.close();
  });
});
