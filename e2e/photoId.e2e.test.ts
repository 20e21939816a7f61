/**
 * Photo ID without the app (issue 20) in a real browser: a client requiring a passport photo
 * and a selfie takes a new user from the relying party through 'Take or upload photos without
 * the app' (a specimen passport page chosen as a file, and a selfie taken with the webcam:
 * Chromium's fake camera showing a face; both with a preview; a blurred page first, said next
 * to it, then retaken), and the relying party receives the name and birth date read from the
 * passport. The app's cross-device handoff is not driven here.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alteredCopy, portrait } from '../packages/server/test/photoFaces.js';
import { blurred, renderPassportPage } from '../packages/server/test/photoSpecimens.js';
import { fakeCameraArgs, writeY4mStill } from './fakeCamera.js';
import { checkAccessibility, onVerity, signUpFromRelyingParty, useStack } from './harness.js';

const claims = JSON.stringify({
  id_token: {
    verified_claims: {
      verification: { trust_framework: null },
      claims: { given_name: null, family_name: null, birthdate: null },
    },
  },
});

const photos: { passport?: Buffer; blurred?: Buffer } = {};
/** What the fake webcam shows: the passport's face, altered as a camera would see it again. */
const cameraVideo = path.join(tmpdir(), `verity-camera-${randomUUID()}.y4m`);

beforeAll(async () => {
  const face = await portrait(0);
  photos.passport = await renderPassportPage({
    person: {
      surname: 'SMITH',
      givenNames: 'ANNA',
      birthDate: '1985-02-17',
      expiryDate: '2031-04-30',
      number: '533401372',
      sex: 'F',
    },
    portrait: face,
  });
  photos.blurred = await blurred(photos.passport, 8);
  // 720 px square: the selfie's 480 px minimum, as a webcam's frame gives it.
  await writeY4mStill(cameraVideo, await alteredCopy(face), 720);
});

afterAll(() => rm(cameraVideo, { force: true }));

describe('photo ID: a client that asks for a passport photo and a selfie', () => {
  const env = useStack({
    scope: 'openid email',
    claims,
    clientFlags: ['--assurance', '[["GenuinePassport","SelfieComparison"]]'],
    browserArgs: fakeCameraArgs(cameraVideo),
  });

  it('uploads both on one screen, retakes one, and the relying party receives what the passport says', async () => {
    const stack = env.stack();
    const page = env.page();
    await signUpFromRelyingParty(stack, page, `photo-${randomUUID().slice(0, 8)}@example.com`);

    // The photo checks capture the profile themselves: no /Profile before them.
    await onVerity(stack, page, '/VerifyOptions');
    await page.getByRole('button', { name: 'Passport photo and Selfie' }).click();
    await onVerity(stack, page, '/PassportPhoto');
    await page.getByRole('heading', { name: 'App install instructions' }).waitFor();
    await page.getByRole('button', { name: 'Take or upload photos without the app' }).click();
    await page.getByRole('heading', { name: 'Take or upload photos' }).waitFor();

    // A blurred photo first: the problem is said next to it, with the tries left.
    const document = page.getByLabel('Photo of your passport');
    await document.setInputFiles({
      name: 'blurred.png',
      mimeType: 'image/png',
      buffer: photos.blurred!,
    });
    await page.getByRole('img', { name: 'Preview of the photo of your passport' }).waitFor();
    // The selfie from the webcam: started, its live view shown, a frame kept, the camera off.
    await page.getByRole('button', { name: 'Use my camera' }).click();
    const camera = page.getByLabel('Camera view');
    await expect
      .poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Take selfie' }).click();
    await camera.waitFor({ state: 'detached' });
    // The previews show: the page's Content-Security-Policy lets its own blob: images load.
    for (const name of ['Preview of the photo of your passport', 'Preview of the selfie']) {
      const preview = page.getByRole('img', { name });
      await preview.waitFor();
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Check my photos' }).click();
    await page.getByText('This photo is blurred.').waitFor();
    await page.getByText('You have 2 tries left today.').waitFor();
    await checkAccessibility(page);

    // Retake: the preview goes, and the field takes the photo again; the selfie stays.
    await page.getByRole('button', { name: 'Retake the photo of your passport' }).click();
    expect(
      await page.getByRole('img', { name: 'Preview of the photo of your passport' }).count(),
    ).toBe(0);
    await document.setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: photos.passport!,
    });
    await page.getByRole('button', { name: 'Check my photos' }).click();
    await page
      .getByText('Congratulations, you have verified your Selfie successfully.')
      .waitFor({ timeout: 60_000 });
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await onVerity(stack, page, '/Consent');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${stack.rpUrl}/me`);
    const verified = page.locator('table tbody tr', { hasText: 'verified_claims' }).first();
    const claims = JSON.parse((await verified.locator('td').textContent()) ?? '{}') as unknown;
    expect(claims).toMatchObject({
      verification: {
        // One passport: read from its photo, then compared with the selfie.
        evidence: [
          expect.objectContaining({
            type: 'document',
            check_details: [
              expect.objectContaining({ check_method: 'vri' }),
              expect.objectContaining({ check_method: 'bvr' }),
            ],
          }),
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });
});
