import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asJpeg,
  blurred,
  renderPassportPage,
  withExifOrientation,
  withGlare,
} from '../../../test/photoSpecimens.js';
import { maxImageBytes, maxLongSide, prepareImage } from './images.js';

/** A PNG that only declares its size (a pixel bomb's header): IHDR then IEND, no pixels. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
}

/** A tiny JPEG whose frame header (SOF0) declares another size: a pixel bomb's shape. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

let page: Buffer;
let size: { width: number; height: number };

beforeAll(async () => {
  page = await renderPassportPage();
  const { width = 0, height = 0 } = await sharp(page).metadata();
  size = { width, height };
});

describe('prepareImage', () => {
  it.each([
    ['PNG', (png: Buffer) => Promise.resolve(png)],
    ['JPEG', (png: Buffer) => asJpeg(png)],
    ['WebP', (png: Buffer) => sharp(png).webp({ quality: 90 }).toBuffer()],
    ['16-bit PNG', (png: Buffer) => sharp(png).toColourspace('rgb16').png().toBuffer()],
    ['greyscale JPEG', (png: Buffer) => sharp(png).greyscale().jpeg().toBuffer()],
    ['CMYK JPEG', (png: Buffer) => sharp(png).toColourspace('cmyk').jpeg().toBuffer()],
    ['half-transparent PNG', (png: Buffer) => sharp(png).ensureAlpha(0.5).png().toBuffer()],
  ])('accepts a %s and answers an upright PNG without metadata', async (_, encode) => {
    const bytes = await encode(page);
    const prepared = await prepareImage(bytes);
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.value).toMatchObject(size);
    const metadata = await sharp(prepared.value.png).metadata();
    expect(metadata).toMatchObject({ format: 'png', ...size, channels: 3, depth: 'uchar' });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
  });

  it.each([3, 6, 8])('turns a photo upright by its EXIF orientation %i', async (orientation) => {
    const photo = await withExifOrientation(page, orientation);
    const stored = await sharp(photo).metadata();
    expect(stored.orientation).toBe(orientation);
    const prepared = await prepareImage(photo);
    expect(prepared.ok && prepared.value).toMatchObject(size);
    if (!prepared.ok) return;
    // The same picture as the original: its top-left is the dark table, its middle the page.
    const a = await sharp(prepared.value.png)
      .resize(8, 8, { fit: 'fill' })
      .greyscale()
      .raw()
      .toBuffer();
    const b = await sharp(page).resize(8, 8, { fit: 'fill' }).greyscale().raw().toBuffer();
    const difference = a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
    expect(difference).toBeLessThan(8);
  });

  it('scales the long side down to 2000 px', async () => {
    const large = await sharp(page).resize({ width: 3000 }).jpeg().toBuffer();
    const prepared = await prepareImage(large);
    expect(prepared.ok && prepared.value.width).toBe(maxLongSide);
  });

  it.each<[string, () => Promise<Buffer>, string]>([
    ['a text file', async () => Buffer.from('passport number 123456784\n'), 'unsupported_type'],
    ['a GIF', async () => sharp(page).gif().toBuffer(), 'unsupported_type'],
    [
      'a HEIC (not decoded by this build)',
      async () =>
        Buffer.concat([
          Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'),
          Buffer.alloc(64),
        ]),
      'unsupported_type',
    ],
    ['a JPEG cut short', async () => (await asJpeg(page)).subarray(0, 20_000), 'corrupt'],
    [
      // Invalid markers: the decoder warns, and any warning is corrupt. (Scrambled entropy-coded
      // data can decode without one into a garbled picture: that fails later, as no document.)
      'a JPEG with its image data overwritten',
      async () => Buffer.from(await asJpeg(page)).fill(0xff, 2000, 12_000),
      'corrupt',
    ],
    ['a PNG header and nothing else', async () => pngHeader(1200, 900), 'corrupt'],
    [
      'over 10 MB',
      async () => Buffer.concat([await asJpeg(page), Buffer.alloc(maxImageBytes)]),
      'too_large',
    ],
    [
      'a pixel bomb (20000 × 20000 declared)',
      async () => jpegDeclaring(20_000, 20_000),
      'too_large',
    ],
    ['81 megapixels declared', async () => jpegDeclaring(9000, 9000), 'too_large'],
    [
      'too small to read (500 × 350)',
      async () => sharp(page).resize({ width: 500 }).png().toBuffer(),
      'too_small',
    ],
    ['blurred', () => blurred(page, 2), 'blurred'],
    ['glare', () => withGlare(page), 'glare'],
  ])('refuses %s', async (_, bytes, problem) => {
    expect(await prepareImage(await bytes())).toEqual({ ok: false, problem });
  });

  it("leaves a selfie's blur to the face (faces.ts); refuses its glare, size and type alike", async () => {
    const soft = await blurred(page, 2);
    expect(await prepareImage(soft, { purpose: 'document' })).toEqual({
      ok: false,
      problem: 'blurred',
    });
    const selfie = await prepareImage(soft, { purpose: 'selfie' });
    expect(selfie.ok && selfie.value).toMatchObject(size);
    const asSelfie = (bytes: Buffer) => prepareImage(bytes, { purpose: 'selfie' });
    expect(await asSelfie(await withGlare(page))).toEqual({ ok: false, problem: 'glare' });
    const small = await sharp(page).resize({ width: 500 }).png().toBuffer();
    expect(await asSelfie(small)).toEqual({ ok: false, problem: 'too_small' });
    // A VGA webcam frame is enough for a selfie, not for a document's text.
    const vga = await sharp(page).resize(640, 480, { fit: 'fill' }).png().toBuffer();
    expect(await prepareImage(vga)).toEqual({ ok: false, problem: 'too_small' });
    expect((await asSelfie(vga)).ok).toBe(true);
    const gif = await sharp(page).gif().toBuffer();
    expect(await asSelfie(gif)).toEqual({ ok: false, problem: 'unsupported_type' });
  });
});
