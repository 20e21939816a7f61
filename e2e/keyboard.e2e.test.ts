/**
 * Sign-up (e-mail, password, terms, the e-mailed code) and a second factor's set-up (an
 * authenticator app) with the keyboard alone (issue 21's tests): only page.keyboard, Tab and
 * Shift+Tab to move, typing, Space and Enter; no clicks, no fill. Every stop of focus on the
 * way must show it (WCAG 2.4.7): an outline or a box shadow while :focus-visible. The PIN pad
 * by keyboard is in look.e2e.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appCode, onVerity, strongPassword, useStack, waitForEmailCode } from './harness.js';

/** How many stops a screen may take to reach its target: more means focus is lost or trapped. */
const MAX_STOPS = 40;

interface FocusStop {
  /** The element in focus, as a person would name it ('input#email', 'button "Verify"'). */
  element: string;
  /** Whether the element shows its focus: :focus-visible, with an outline or a box shadow. */
  visible: boolean;
  /** No element in focus (the document itself: Tab went past the last one). */
  none: boolean;
}

function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body)
      return { element: 'body', visible: false, none: true };
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadowed = style.boxShadow !== 'none';
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    return {
      element: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name.slice(0, 40)}"`,
      visible: element.matches(':focus-visible') && (outlined || shadowed),
      none: false,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop on the way that
 * focus is visible.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const stops: string[] = [];
  for (let stop = 0; stop < MAX_STOPS; stop += 1) {
    await page.keyboard.press(key);
    const focused = await focusStop(page);
    if (focused.none) continue;
    stops.push(focused.element);
    expect(focused.visible, `focus is not visible on ${focused.element} at ${page.url()}`).toBe(
      true,
    );
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached the target on ${page.url()}; it went ${stops.join(', ')}`);
}

describe('keyboard alone', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--skip-consent', '--require-second-factor'],
  });

  it('signs up and sets up an authenticator app, focus visible at every stop', async () => {
    const stack = env.stack();
    const page = env.page();
    const email = `keyboard-${randomUUID().slice(0, 8)}@example.com`;

    await page.goto(`${stack.rpUrl}/`);
    await tabTo(page, page.getByRole('button', { name: 'Sign in with Verity' }));
    await page.keyboard.press('Enter');
    await onVerity(stack, page, '/signup');
    await tabTo(page, page.getByRole('link', { name: 'Register here' }));
    await page.keyboard.press('Enter');

    // The registration form: address, password, terms, then back with Shift+Tab to correct
    // the address (the order of the fields is the order of the page).
    await onVerity(stack, page, '/signup2');
    const address = page.getByLabel('Email', { exact: true });
    await tabTo(page, address);
    await page.keyboard.type('typo@example');
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, password);
    await page.keyboard.type(strongPassword);
    await tabTo(page, address, 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(email);
    const terms = page.getByLabel('I accept the terms and conditions');
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    expect(await terms.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Create my account' }));
    await page.keyboard.press('Enter');

    // The e-mailed code, typed, and the form sent with Enter from its field.
    await onVerity(stack, page, '/verifyemail');
    const codeField = page.getByLabel(`Please enter the code we sent to ${email}`);
    await tabTo(page, codeField);
    await page.keyboard.type(await waitForEmailCode(stack.verityUrl, email));
    await page.keyboard.press('Enter');

    // The client requires a second factor: an authenticator app, set up in its dialog.
    await onVerity(stack, page, '/SecondFactor');
    await page.getByRole('heading', { name: 'Setup security' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Set up Authenticator App' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    // The key is read off the screen, as a person types it into their app.
    const key = ((await dialog.locator('#authenticator-key').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    await tabTo(page, dialog.getByLabel('Enter the 6-digit code the app shows'));
    await page.keyboard.type(appCode(key));
    await tabTo(page, dialog.getByRole('button', { name: 'Verify' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.rpUrl}/me`);
  });
});
