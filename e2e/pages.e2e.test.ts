/**
 * The visitor pages of the About menu in a real browser: the terms, the privacy policy and
 * the contact form, whose message reaches the support address's development outbox.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, outboxMessages, useStack, type Stack } from './harness.js';

/** The default SUPPORT_EMAIL of a development server. */
const SUPPORT_EMAIL = 'support@localhost';

describe('About menu pages', () => {
  const env = useStack();
  let page: Page;

  beforeEach(() => {
    page = env.page();
  });

  const running = (): Stack => env.stack();

  async function openFromAboutMenu(item: string): Promise<void> {
    const { verityUrl } = running();
    await page.goto(`${verityUrl}/about`);
    const navigation = page.getByRole('navigation').first();
    await navigation.getByRole('button', { name: 'About', exact: true }).click();
    await navigation.getByRole('link', { name: item, exact: true }).click();
  }

  /** Waits until the running server has POST /api/contact: it refuses an empty one (400). */
  async function expectContactCall(verityUrl: string): Promise<void> {
    let status = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${verityUrl}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      status = response.status;
      if (status === 400) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`POST /api/contact answered ${status}, not 400: is the server's call built?`);
  }

  it('reaches the terms from the About menu, accessibly', async () => {
    const { verityUrl } = running();
    await openFromAboutMenu('Terms & Conditions');
    await page.waitForURL(`${verityUrl}/terms`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Terms & Conditions');
    await page.getByText('Version 1.0, February 2021').waitFor();
    await page.getByText('limited to £100', { exact: false }).waitFor();
    await page.getByText('Financial Ombudsman Service', { exact: false }).waitFor();
    expect(await page.title()).toBe('Terms & Conditions - Verity');
    await expectNoAxeViolations(page);
  });

  it('reaches the privacy policy from the About menu, accessibly', async () => {
    const { verityUrl } = running();
    await openFromAboutMenu('Privacy Policy');
    await page.waitForURL(`${verityUrl}/privacy`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Privacy Policy');
    await page.getByText('Version 1.1, June 2021').waitFor();
    await page.getByText('7 years after your account is closed', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('links the terms and the privacy policy from the About page', async () => {
    const { verityUrl } = running();
    await page.goto(`${verityUrl}/about`);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await main.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('sends a contact message to the support address', async () => {
    const { verityUrl } = running();
    await expectContactCall(verityUrl);
    const before = (await outboxMessages(verityUrl, SUPPORT_EMAIL)).map((message) => message.id);

    await openFromAboutMenu('Contact Us');
    await page.waitForURL(`${verityUrl}/contact`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Contact Us');
    await page.getByText('Please fill out the form below').waitFor();
    await expectNoAxeViolations(page);

    // The honeypot is out of reach of people and screen readers.
    const trap = page.locator('input[name="a_password"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);

    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Your email').fill('visitor@example.com');
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Your name').fill('Ada Visitor');
    expect(await send.isDisabled()).toBe(true);
    const text = `Where can I read about security keys? (${Date.now()})`;
    await page.getByLabel('How can we help?').fill(text);
    expect(await send.isEnabled()).toBe(true);

    await send.click();
    await page.getByText('Thank you, your message has been sent!').waitFor();
    expect(await page.getByRole('button', { name: /Send/ }).count()).toBe(0);
    expect(await page.getByLabel('How can we help?').count()).toBe(0);
    await expectNoAxeViolations(page);

    await expect
      .poll(
        async () =>
          (await outboxMessages(verityUrl, SUPPORT_EMAIL)).find(
            (message) => !before.includes(message.id),
          )?.body ?? '',
        { timeout: 15_000 },
      )
      .toContain(text);
    const [sent] = (await outboxMessages(verityUrl, SUPPORT_EMAIL)).filter(
      (message) => !before.includes(message.id),
    );
    expect(sent?.body).toContain('Ada Visitor');
  });
});
