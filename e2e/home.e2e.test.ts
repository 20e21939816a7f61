/** The home page of a signed-in user: recent activity, proof and verifications. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useStack, waitForEmailCode } from './harness.js';

describe('home page', () => {
  const env = useStack();

  it('shows a new user their activity after signing up at Verity itself', async () => {
    const verityUrl = env.stack().verityUrl;
    const page = env.page();
    const email = `home-${randomUUID()}@example.com`;
    await page.goto(`${verityUrl}/signup2`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple 42');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    const codeField = page.getByLabel(`Please enter the code we sent to ${email}`);
    await codeField.fill(await waitForEmailCode(verityUrl, email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await page.getByText('Account created').waitFor();
    await page.getByText('E-mail address verified').waitFor();
    expect(await page.getByRole('link', { name: 'Add verification...' }).getAttribute('href')).toBe(
      '/Verify',
    );
    expect(
      await page.getByRole('link', { name: 'Prove your Id to someone...' }).getAttribute('href'),
    ).toBe('/account/share');
    await expectNoAxeViolations(page);
  });
});
