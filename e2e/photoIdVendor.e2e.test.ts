/**
 * Photo ID by a vendor (issue 20 item 5) in a real browser: Verity configured for the vendor
 * (PHOTO_ID_PROVIDER=vendor) and a fake vendor across the network (fakePhotoVendor.ts) that
 * completes its check a moment later and calls Verity's webhook. The passport photo is sent,
 * the spec's wait screen ('Please wait...') shows while the SPA polls, then the result, and
 * the relying party receives the vendor's reading.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portrait } from '../packages/server/test/photoFaces.js';
import { renderPassportPage } from '../packages/server/test/photoSpecimens.js';
import { FakePhotoVendor } from '../packages/server/src/test/fakePhotoVendor.js';
import { checkAccessibility, onVerity, signUpFromRelyingParty, useStack } from './harness.js';

const claims = JSON.stringify({
  id_token: {
    verified_claims: {
      verification: { trust_framework: null },
      claims: { given_name: null, family_name: null, birthdate: null },
    },
  },
});

const apiToken = `api_test.${randomBytes(16).toString('hex')}`;
const webhookToken = `webhook.${randomBytes(16).toString('hex')}`;
const fake = new FakePhotoVendor(apiToken, webhookToken, {
  firstName: 'ANNA',
  lastName: 'SMITH',
  birthDate: '1985-02-17',
  expiryDate: '2031-04-30',
  number: '533401372',
});
let passport: Buffer;

// Before the stack starts (its settings name the fake's address).
beforeAll(async () => {
  await fake.start();
  passport = await renderPassportPage({
    person: {
      surname: 'SMITH',
      givenNames: 'ANNA',
      birthDate: '1985-02-17',
      expiryDate: '2031-04-30',
      number: '533401372',
      sex: 'F',
    },
    portrait: await portrait(0),
  });
});

afterAll(() => fake.close());

describe('photo ID by a vendor: a client that asks for a passport photo', () => {
  const env = useStack({
    scope: 'openid email',
    claims,
    clientFlags: ['--assurance', '[["GenuinePassport"]]'],
    verityEnv: () => ({
      PHOTO_ID_PROVIDER: 'vendor',
      PHOTO_VENDOR_URL: fake.url,
      PHOTO_VENDOR_API_TOKEN: apiToken,
      PHOTO_VENDOR_WEBHOOK_TOKEN: webhookToken,
    }),
  });

  it('waits on the wait screen while the vendor checks, then shows the result; the relying party receives the passport’s details', async () => {
    const stack = env.stack();
    const page = env.page();
    fake.webhookUrl = `${stack.verityUrl}/api/photoid/webhook`;
    // The vendor answers a few seconds later, by its webhook.
    fake.autoDeliver = 3000;
    await signUpFromRelyingParty(stack, page, `vendor-${randomUUID().slice(0, 8)}@example.com`);

    // One distinct check: chosen without asking; the photo check captures the profile itself.
    await onVerity(stack, page, '/VerifyOptions');
    await onVerity(stack, page, '/PassportPhoto');
    await page.getByRole('button', { name: 'Take or upload photos without the app' }).click();
    await page.getByLabel('Photo of your passport').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: passport,
    });
    await page.getByRole('button', { name: 'Check my photos' }).click();
    await page.getByRole('heading', { name: 'Please wait...' }).waitFor();
    await checkAccessibility(page);
    await page
      .getByText('Congratulations, you have verified your Passport photo successfully.')
      .waitFor({ timeout: 30_000 });
    expect(fake.checks.size).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${stack.rpUrl}/me`);
    const verified = page.locator('table tbody tr', { hasText: 'verified_claims' }).first();
    const received = JSON.parse((await verified.locator('td').textContent()) ?? '{}') as unknown;
    expect(received).toMatchObject({
      verification: {
        evidence: [
          expect.objectContaining({
            type: 'document',
            check_details: [
              expect.objectContaining({ check_method: 'vri', organization: 'onfido' }),
            ],
          }),
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });
});
