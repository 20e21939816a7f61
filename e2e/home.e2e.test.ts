/** The home page of a signed-in user: recent activity, proof and verifications. */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useStack, waitForEmailCode } from './harness.js';

describe('home page', () => {
  const env = useStack();

  it('shows a new user their activity after signing up at Verity itself, and an expired check', async () => {
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

    // A passport check (the sandbox's documented passport), then made 400 days old: listed as
    // expired (EVIDENCE_MAX_AGE_DAYS, 365), and /Verify offers the passport again.
    const status = await page.evaluate(async () => {
      // A check matches its record with the profile's name and birth date (issue 17).
      const profile = await fetch('/api/profile', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          given_name: 'Anna',
          family_name: 'Smith',
          birthdate: '1985-02-17',
          address: {
            postcode: 'CR2 6XH',
            uprn: '900000000041',
            text: '14 Selsdon Road, South Croydon',
            picklist: true,
          },
          phone_number: '07700900123',
        }),
      });
      if (!profile.ok) throw new Error(await profile.text());
      const body = { number: '533401372', surname: 'Smith', given: 'Anna', dob: '1985-02-17' };
      const response = await fetch('/api/verifypassport', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, expiry: '2031-04-30' }),
      });
      return response.status;
    });
    expect(status).toBe(200);

    // The given name edited since: the passport no longer counts because the details changed,
    // which is not its age; putting the name back makes it count again.
    const rename = (given_name: string) =>
      page.evaluate(async (given) => {
        const response = await fetch('/api/profile', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            given_name: given,
            family_name: 'Smith',
            birthdate: '1985-02-17',
            address: {
              postcode: 'CR2 6XH',
              uprn: '900000000041',
              text: '14 Selsdon Road, South Croydon',
              picklist: true,
            },
            phone_number: '07700900123',
          }),
        });
        if (!response.ok) throw new Error(await response.text());
      }, given_name);
    await rename('Annabel');
    await page.reload();
    const changed = page.getByRole('listitem').filter({ hasText: 'Passport' });
    await changed.getByText('No longer matches your details', { exact: true }).waitFor();
    expect(await changed.getByText('Expired', { exact: true }).count()).toBe(0);
    await rename('Anna');
    await page.reload();
    await page.getByText('Name and date of birth verified from your passport').waitFor();
    expect(await page.getByText('No longer matches your details').count()).toBe(0);

    // The stack's embedded SQLite database (DATA_DIR).
    const db = new Database(path.join(env.stack().dataDir, 'verity.sqlite'), {
      fileMustExist: true,
    });
    db.prepare('update evidence set created_at = created_at - ?').run(400 * 86_400_000);
    db.close();
    await page.reload();
    const passport = page.getByRole('listitem').filter({ hasText: 'Passport' });
    await passport.getByText('Expired', { exact: true }).waitFor();
    await passport.getByText('(no longer valid: please verify again)').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Add verification...' }).click();
    await page.getByRole('link', { name: 'Passport' }).waitFor();
  });
});
