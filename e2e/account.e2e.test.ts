/**
 * The account section in a real browser: the guard that sends a visitor to log in and back,
 * and sharing the verified identity up to the limit, with the recipient opening the link.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  expectNoAxeViolations,
  outboxMessages,
  useStack,
  waitForEmailCode,
} from './harness.js';

const PASSWORD = 'correct horse battery staple 42';

async function signUp(page: Page, verityUrl: string, email: string): Promise<void> {
  await page.goto(`${verityUrl}/signup2`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  const codeField = page.getByLabel(`Please enter the code we sent to ${email}`);
  await codeField.fill(await waitForEmailCode(verityUrl, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

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

describe('account section', () => {
  const env = useStack();

  it('sends a visitor to log in, and back to the account page after logging in', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    const email = `guard-${randomUUID()}@example.com`;
    await signUp(page, verityUrl, email);
    await page.goto(`${verityUrl}/logout`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const session = await fetch('/api/session').then((answer) => answer.json());
          return (session as { loggedIn: boolean }).loggedIn;
        }),
      )
      .toBe(false);

    // The guard sends the visitor to /mpinlogin (spec); with no client's request no PIN can
    // serve, so that screen passes them on to the e-mail and password login.
    await page.goto(`${verityUrl}/account/share`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('return'))).toBe('/account/share');
    expect(await page.getByText('A PIN is set up for the service you came from').count()).toBe(0);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account/share');
    await page.getByRole('heading', { name: 'Share your identity with others' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('return'))).toBeNull();
  });

  it('brings a visitor who signs up instead back to the saved account page', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    await page.goto(`${verityUrl}/account/consents`);
    await page.waitForURL((url) => url.pathname === '/login');

    const email = `newcomer-${randomUUID()}@example.com`;
    await page.goto(`${verityUrl}/signup2`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page
      .getByLabel(`Please enter the code we sent to ${email}`)
      .fill(await waitForEmailCode(verityUrl, email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account/consents');
    await page.getByRole('heading', { name: 'Services you share your details with' }).waitFor();
  });

  it('shares the identity with up to 4 people by keyboard; a recipient opens the link', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    await signUp(page, verityUrl, `share-${randomUUID()}@example.com`);

    await page.getByRole('link', { name: 'Prove your Id to someone...' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Share your identity with others' }).waitFor();
    await page.getByText('You have not shared your identity with anyone yet.').waitFor();
    await page
      .getByText('Share your identity with estate agents, solicitors, conveyancers', {
        exact: false,
      })
      .waitFor();
    await expectNoAxeViolations(page);

    const recipients = Array.from({ length: 4 }, (_, i) => `agent${i}-${randomUUID()}@example.com`);
    const field = page.getByLabel("Recipient's email address");
    const button = page.getByRole('button', { name: 'Share identity' });
    // Markup is not an address: refused, and no place of the four is used.
    await field.fill('<script>alert(1)</script>@x.com');
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Email is invalid' }).waitFor();
    await checkAccessibility(page);
    await page.getByText('You have not shared your identity with anyone yet.').waitFor();
    await field.fill('');
    for (const [index, recipient] of recipients.entries()) {
      expect(await button.isDisabled()).toBe(true);
      await field.focus();
      await page.keyboard.type(recipient);
      await page.keyboard.press('Enter');
      await page.getByRole('cell', { name: recipient, exact: true }).waitFor();
      expect(await page.getByRole('row').count()).toBe(index + 2);
    }
    await expect.poll(() => page.getByRole('cell', { name: 'Email sent' }).count()).toBe(4);
    await page
      .getByText(`We have e-mailed ${recipients[3]} a link to your verified identity.`)
      .waitFor();
    // At the limit the form is gone.
    expect(await field.count()).toBe(0);
    await page
      .getByText('You have shared your identity with the most people allowed (4).')
      .waitFor();
    await expectNoAxeViolations(page);

    const link = await shareLink(verityUrl, recipients[0]!);
    // The recipient: another browser, nobody signed in.
    const recipientContext = await env.browser().newContext();
    const recipientPage = await recipientContext.newPage();
    try {
      await recipientPage.goto(link);
      await recipientPage.getByRole('heading', { name: 'Verified identity' }).waitFor();
      await recipientPage.getByText('No identity checks have been completed yet.').waitFor();
      await recipientPage.getByText('This link works until', { exact: false }).waitFor();
      await expectNoAxeViolations(recipientPage);
      await recipientPage.goto(`${verityUrl}/shared#${'A'.repeat(43)}`);
      await recipientPage
        .getByText('This link has expired or is not valid.', { exact: false })
        .waitFor();
    } finally {
      await recipientContext.close();
    }

    await page.reload();
    await page.getByRole('cell', { name: 'Identity shared' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Email sent' }).count()).toBe(3);

    // Withdrawing a share: its link stops working and the form is back for a new one.
    await page.getByRole('button', { name: `Withdraw the share with ${recipients[0]}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(`You have withdrawn the share with ${recipients[0]}. Their link no longer works.`)
      .waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    expect(await page.getByRole('cell', { name: recipients[0], exact: true }).count()).toBe(0);
    await page.getByLabel("Recipient's email address").waitFor();
    await expectNoAxeViolations(page);
    const withdrawnContext = await env.browser().newContext();
    try {
      const withdrawnPage = await withdrawnContext.newPage();
      await withdrawnPage.goto(link);
      await withdrawnPage
        .getByText('This link has expired or is not valid.', { exact: false })
        .waitFor();
    } finally {
      await withdrawnContext.close();
    }
  });

  it('asks someone by e-mail to verify themselves, from the home page', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    const asker = `asker-${randomUUID()}@example.com`;
    await signUp(page, verityUrl, asker);
    await page.getByRole('link', { name: 'Request proof from someone...' }).click();
    await page.getByRole('heading', { name: 'Request proof from someone' }).waitFor();
    await expectNoAxeViolations(page);

    const recipient = `seller-${randomUUID()}@example.com`;
    await page.getByLabel('Their email address').focus();
    await page.keyboard.type(recipient);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send request');
    await page.keyboard.press('Enter');
    await page
      .getByText(`We have asked ${recipient} to verify their identity.`, { exact: false })
      .waitFor();
    const [invitation] = await outboxMessages(verityUrl, recipient);
    expect(invitation?.body).toContain(
      `${asker} has asked you to prove your identity with Verity.`,
    );
    await expectNoAxeViolations(page);
  });
});
