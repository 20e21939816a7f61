import { describe, expect, it } from 'vitest';
import { frameQuality, sampleSize, type Frame } from './frameFeedback';

/** A frame drawn pixel by pixel from a grey level per position. */
function frame(width: number, height: number, grey: (x: number, y: number) => number): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data.fill(grey(x, y), at, at + 3);
      data[at + 3] = 255;
    }
  return { data, width, height };
}

/** Black text-like strokes on a tinted page: hard edges every few pixels. */
const printed = (x: number, y: number) => (x % 6 < 2 && y % 9 < 6 ? 20 : 225);
/** The same page seen through a soft focus: a slow ramp, no edges. */
const soft = (x: number) => 120 + Math.round(60 * Math.sin(x / 25));
/** A lamp's reflection over most of the page. */
const lamp = (x: number, y: number) =>
  x > 20 && x < 180 && y > 10 && y < 110 ? 255 : printed(x, y);
/** A small highlight only: under the glare share. */
const highlight = (x: number, y: number) => (x < 8 && y < 8 ? 255 : printed(x, y));

describe('frameQuality (glare and blur on the phone)', () => {
  it.each([
    ['a sharp printed page', printed, null],
    ['a soft, unfocused page', soft, 'blur'],
    ['a page under a lamp', lamp, 'glare'],
    ['a page with a small highlight', highlight, null],
    ['a blank grey frame', () => 128, 'blur'],
  ] as const)('%s: %s', (_name, grey, problem) => {
    expect(frameQuality(frame(200, 120, grey)).problem).toBe(problem);
  });

  it('measures the same page at half the contrast as sharp as at full (stretched)', () => {
    const full = frameQuality(frame(200, 120, printed)).sharpness;
    const half = frameQuality(frame(200, 120, (x, y) => 64 + printed(x, y) / 2)).sharpness;
    expect(half / full).toBeGreaterThan(0.9);
    expect(half / full).toBeLessThan(1.1);
  });
});

describe('sampleSize', () => {
  it.each([
    [1920, 1080, { width: 1000, height: 563 }],
    [1080, 1920, { width: 563, height: 1000 }],
    [640, 480, { width: 640, height: 480 }],
    [0, 0, { width: 0, height: 0 }],
  ])('%d x %d: %j', (width, height, size) => {
    expect(sampleSize(width, height)).toEqual(size);
  });
});
