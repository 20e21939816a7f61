/** The product and company names come from the server's configuration (issue: legal pages). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, useStack } from './harness.js';

describe('configured product and company names', () => {
  // Registered before useStack's hooks, so the server starts with these settings.
  beforeAll(() => {
    vi.stubEnv('PRODUCT_NAME', 'MyIdentity');
    vi.stubEnv('COMPANY_NAME', 'MyIdentity Homes Ltd');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  const env = useStack();

  it('shows them on the about, terms and privacy pages', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    await page.goto(`${verityUrl}/about`);
    await page.getByRole('heading', { name: 'About MyIdentity', level: 1 }).waitFor();
    await page.getByText('run by MyIdentity Homes Ltd', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'MyIdentity', exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.goto(`${verityUrl}/terms`);
    await page.getByText('MyIdentity Homes Ltd', { exact: false }).first().waitFor();
    await expect.poll(() => page.title()).toBe('Terms & Conditions - MyIdentity');

    await page.goto(`${verityUrl}/privacy`);
    await page.getByText('the MyIdentity service', { exact: false }).first().waitFor();
    // The product's name, not the language cookie's (`verity_lang`, named by the policy).
    expect(await page.getByText(/Verity/).count()).toBe(0);
  });

  it('shows the product name on the sign-up side panel', async () => {
    const { verityUrl } = env.stack();
    const page = env.page();
    await page.goto(`${verityUrl}/signup`);
    await page.getByRole('heading', { name: 'Prove who you are with your bank' }).waitFor();
    const panel = page.getByRole('region', { name: 'Prove who you are with your bank' });
    await panel.getByText('MyIdentity can confirm your identity', { exact: false }).waitFor();
    expect(await panel.getByText('Verity', { exact: false }).count()).toBe(0);
  });
});
