import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr, recognise } from './ocr.js';
import { PhotoPipelineUnavailable } from './photoPipelineUnavailable.js';

/** One line of black text on white, as documentReader.ts gives Tesseract. */
async function line(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="60">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="10" y="44" font-family="sans-serif" font-size="36">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const options = { layout: 'line', whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' } as const;
const text = async (png: Buffer) => (await recognise(png, options)).map((l) => l.text).join('');

describe('recognise (one shared Tesseract worker)', () => {
  afterAll(() => closeOcr());

  it('rejects a job the worker fails (bytes that are no image) without crashing, then reads again', async () => {
    // Before errorHandler, tesseract.js threw this job's error in its message listener: an
    // uncaught exception (vitest fails the run on one; the server would exit).
    const failed = recognise(Buffer.from('not an image at all'), options);
    await expect(failed).rejects.toBeInstanceOf(PhotoPipelineUnavailable);
    await expect(failed).rejects.toThrow(/\(ocr\)/);
    expect(await text(await line('HELLO 123'))).toBe('HELLO123');
  }, 30_000);

  it('ends a job that takes longer than its timeout, and the next job starts a new worker', async () => {
    const png = await line('WORLD 456');
    await expect(recognise(png, options, 1)).rejects.toBeInstanceOf(PhotoPipelineUnavailable);
    expect(await text(png)).toBe('WORLD456');
  }, 30_000);

  it('closes, and a later job starts a new worker', async () => {
    await closeOcr();
    expect(await text(await line('AGAIN 789'))).toBe('AGAIN789');
  }, 30_000);
});
