import { describe, expect, it } from 'vitest';
import { measureQuality } from './photoQuality.js';

const image = (width: number, height: number, pixel: (x: number, y: number) => number) => {
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) grey[y * width + x] = pixel(x, y);
  return grey;
};

describe('measureQuality', () => {
  it.each([
    ['a flat grey', (): number => 128, 0, 0],
    ['a linear gradient (no second differences)', (x: number) => x * 4, 0, 1 / 64],
    ['blown-out white', (): number => 255, 0, 1],
    // One edge: the Laplacian is -55 and +55 on two columns of 62, 0 elsewhere; the contrast
    // (200 to 255) stretched to the full range multiplies the variance by (255 / 55)².
    [
      'white on the left half',
      (x: number) => (x < 32 ? 255 : 200),
      ((2 * 55 * 55) / 62) * (255 / 55) ** 2,
      0.5,
    ],
  ])('%s', (_, pixel, sharpness, glare) => {
    const quality = measureQuality(image(64, 64, pixel), 64, 64);
    expect(quality.sharpness).toBeCloseTo(sharpness, 6);
    expect(quality.glareShare).toBeCloseTo(glare, 6);
  });

  it('scores hard edges (text) far above soft ones', () => {
    const hard = measureQuality(
      image(64, 64, (x, y) => (((x >> 2) + (y >> 2)) % 2 ? 240 : 20)),
      64,
      64,
    );
    const soft = measureQuality(
      image(64, 64, (x) => 128 + 100 * Math.sin(x / 8)),
      64,
      64,
    );
    expect(hard.sharpness).toBeGreaterThan(20 * soft.sharpness);
    expect(soft.sharpness).toBeLessThan(10);
  });

  it('scores a dim photo as the same photo in good light', () => {
    const text = (x: number, y: number) => (((x >> 2) + (y >> 2)) % 2 ? 1 : 0);
    const bright = measureQuality(
      image(64, 64, (x, y) => 20 + 220 * text(x, y)),
      64,
      64,
    );
    const dim = measureQuality(
      image(64, 64, (x, y) => 40 + 80 * text(x, y)),
      64,
      64,
    );
    expect(dim.sharpness).toBeCloseTo(bright.sharpness, 6);
  });
});
