/**
 * Deleting an account that signs in with Google only (no password): the screen asks for a
 * login of the last 5 minutes, offers to log in again with Google once it is older, then
 * deletes by keyboard.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  socialEnv,
  startFakeOpenIdProvider,
  type FakeSocialProvider,
} from '../packages/server/src/test/fakeSocialProviders.js';
import { expectNoAxeViolations, useStack } from './harness.js';

describe('deleting an account without a password', () => {
  let google: FakeSocialProvider | undefined;
  beforeAll(async () => {
    google = await startFakeOpenIdProvider();
  });
  afterAll(async () => {
    await google?.close();
  });
  const env = useStack({ verityEnv: () => socialEnv({ google }) });

  async function checkAccessibility(page: Page): Promise<void> {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(250);
    await expectNoAxeViolations(page);
  }

  it('asks for a recent login, renews it through Google, then deletes', async () => {
    const page = env.page();
    const { verityUrl } = env.stack();
    await page.clock.install();
    const identity = { sub: randomUUID(), email: `g-${randomUUID()}@example.com` };
    google!.signInAs({ ...identity, email_verified: true });
    await page.goto(`${verityUrl}/signup`);
    await page.getByLabel('I accept the terms and conditions').check();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign up with Google' }).click(),
    ]);
    await popup.waitForEvent('close');
    await page.waitForURL(`${verityUrl}/`);

    await page.goto(`${verityUrl}/account/delete`);
    await page.getByRole('heading', { name: 'What we keep, and why' }).waitFor();
    await page
      .getByText('Your account has no password, so instead we ask that you logged in within')
      .waitFor();
    await page.getByText('You logged in less than 5 minutes ago').waitFor();
    await checkAccessibility(page);

    // Six minutes later the screen asks to log in again with Google.
    await page.clock.fastForward('06:00');
    await page.getByText('You logged in more than 5 minutes ago. To confirm it is you').waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).waitFor({ state: 'detached' });
    await checkAccessibility(page);
    google!.signInAs({ ...identity, email_verified: true });
    const again = page.getByRole('button', { name: 'Log in again with Google' });
    await again.focus();
    const [reLogin] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await reLogin.waitForEvent('close');

    await page.getByText('You logged in less than 5 minutes ago').waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await checkAccessibility(page);
  });
});
