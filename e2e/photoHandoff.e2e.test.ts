/**
 * Photo ID with 'the app' (issue 20) in a real browser, two contexts: the desktop, signed in
 * from the relying party on /PassportPhoto, shows the QR code and the link; the phone (its
 * own context: no cookies of the desktop's) opens the link, takes the passport with its camera
 * (Chromium's fake camera showing a specimen passport page on a table) under the frame guide,
 * and sends it; the desktop waits ('Please wait...') and reaches the check's result by itself.
 * A second stack with one-minute links: the desktop says the code expired and makes a new one,
 * and the old link no longer opens on the phone.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portrait } from '../packages/server/test/photoFaces.js';
import { renderPassportPage } from '../packages/server/test/photoSpecimens.js';
import { fakeCameraArgs, writeY4mStill } from './fakeCamera.js';
import { checkAccessibility, onVerity, signUpFromRelyingParty, useStack } from './harness.js';

/** What the phone's camera shows: the passport page lying on a dark table, square. */
const cameraVideo = path.join(tmpdir(), `verity-phone-camera-${randomUUID()}.y4m`);
const side = 1400;

beforeAll(async () => {
  const passport = await renderPassportPage({
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
  const { width = 0, height = 0 } = await sharp(passport).metadata();
  const scale = Math.min(1, (side * 0.9) / Math.max(width, height));
  const page = await sharp(passport)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .png()
    .toBuffer();
  const onTable = await sharp({
    create: { width: side, height: side, channels: 3, background: '#3b3b3b' },
  })
    .composite([{ input: page, gravity: 'center' }])
    // Room light, not a studio's: Chromium reads the video's levels as limited range, which
    // would blow the pale page out to white (what the phone then calls glare).
    .linear(0.8, 12)
    .png()
    .toBuffer();
  await writeY4mStill(cameraVideo, onTable, side);
});

afterAll(() => rm(cameraVideo, { force: true }));

describe('photo ID on the phone: a client that asks for a passport photo', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--assurance', '[["GenuinePassport"]]'],
    browserArgs: fakeCameraArgs(cameraVideo),
  });

  it('hands the passport to the phone by its link; the desktop waits and moves on by itself', async () => {
    const stack = env.stack();
    const desktop = env.page();
    await signUpFromRelyingParty(stack, desktop, `handoff-${randomUUID().slice(0, 8)}@example.com`);
    // The client's one option is chosen by itself: on to /PassportPhoto.
    await onVerity(stack, desktop, '/PassportPhoto');

    // The instructions: the QR code, 'Open it on your phone' and the link.
    await desktop.getByRole('heading', { name: 'App install instructions' }).waitFor();
    await desktop.getByRole('img', { name: 'QR code of the link to open on your phone' }).waitFor();
    await desktop.getByRole('heading', { name: 'Open it on your phone' }).waitFor();
    const link = (await desktop.getByTestId('handoff-link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${stack.verityUrl}/photo#[A-Za-z0-9_-]{43}$`));
    await desktop.getByRole('button', { name: 'Choose a different option' }).waitFor();
    await desktop.getByRole('button', { name: 'Take or upload photos without the app' }).waitFor();
    await checkAccessibility(desktop);

    // The phone: its own browser, nobody signed in.
    const phoneContext = await env.browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(link);
      await phone.getByRole('heading', { name: 'Take your photos' }).waitFor();
      // The token left the address bar at once.
      expect(new URL(phone.url()).hash).toBe('');
      await phone.getByText('Take a photo of your passport with this phone.').waitFor();

      // The desktop sees the phone has opened the link: the spec's wait screen.
      await desktop.getByRole('heading', { name: 'Please wait...' }).waitFor({ timeout: 20_000 });
      await checkAccessibility(desktop);

      // The camera, under the frame guide; the frame is measured before it is kept.
      await phone.getByRole('button', { name: 'Use my camera' }).click();
      const camera = phone.getByLabel('Camera view');
      await expect
        .poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth))
        .toBeGreaterThan(0);
      await phone.getByText('Fit the document inside the frame').waitFor();
      await checkAccessibility(phone);
      await phone.getByRole('button', { name: 'Take photo' }).click();
      // A sharp page without glare is kept at once: no feedback, the camera stops.
      const feedback = phone.getByRole('alert');
      await Promise.race([camera.waitFor({ state: 'detached' }), feedback.waitFor()]);
      expect(await feedback.allTextContents()).toEqual([]);
      const preview = phone.getByRole('img', { name: 'Preview of the photo of your passport' });
      await preview.waitFor();
      await checkAccessibility(phone);
      await phone.getByRole('button', { name: 'Send photo' }).click();
      await phone
        .getByText('Your photos have been sent. Please go back to your computer to continue.')
        .waitFor({ timeout: 90_000 });
      await checkAccessibility(phone);

      // The phone was never given a session, nor anything else to sign in with: no cookie.
      expect((await phoneContext.cookies()).map((cookie) => cookie.name)).toEqual([]);
    } finally {
      await phoneContext.close();
    }

    // The desktop moved on by itself to the check's result.
    await desktop
      .getByText('Congratulations, you have verified your Passport photo successfully.')
      .waitFor({ timeout: 30_000 });
    await checkAccessibility(desktop);
    await desktop.getByRole('button', { name: 'Continue' }).click();
    await desktop.waitForURL((url) => url.origin === stack.rpUrl || /Consent/i.test(url.pathname));
  });
});

describe('photo ID on the phone: a code that expires', () => {
  const env = useStack({
    scope: 'openid email',
    clientFlags: ['--assurance', '[["GenuinePassport"]]'],
    // The shortest a link may last, so the journey sees it expire.
    verityEnv: () => ({ PHOTO_HANDOFF_MINUTES: '1' }),
  });

  it('says the code has expired, makes a new one, and the old link no longer opens', async () => {
    const stack = env.stack();
    const desktop = env.page();
    await signUpFromRelyingParty(stack, desktop, `expiry-${randomUUID().slice(0, 8)}@example.com`);
    await onVerity(stack, desktop, '/PassportPhoto');
    const linkShown = desktop.getByTestId('handoff-link');
    const first = (await linkShown.textContent()) ?? '';
    await desktop
      .getByText('This code has expired. Please get a new code.')
      .waitFor({ timeout: 90_000 });
    await checkAccessibility(desktop);
    await desktop.getByRole('button', { name: 'Get a new code' }).click();
    const second = (await linkShown.textContent()) ?? '';
    expect(second).toMatch(/\/photo#[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);

    const phoneContext = await env.browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(first);
      await phone
        .getByText(
          'This link has expired or has been replaced. Please ask for a new code on your computer.',
        )
        .waitFor();
      await checkAccessibility(phone);
    } finally {
      await phoneContext.close();
    }
  });
});
