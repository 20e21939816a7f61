import { describe, expect, it } from 'vitest';
import { estimateSkew, textBlock } from './inkLayout.js';

const width = 400;
const height = 300;

/**
 * An ink map of five lines of "text" (3 px marks every 6 px) from x = 40 to 360, turned by
 * `degrees` clockwise about the middle, as a photo held at a slant shows them.
 */
function lines(degrees: number): Uint8Array {
  const dark = new Uint8Array(width * height);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let line = 0; line < 5; line++) {
    for (let x = 40; x < 360; x++) {
      if (x % 6 >= 3) continue;
      for (let t = 0; t < 8; t++) {
        const y = Math.round(80 + line * 30 + t + (x - width / 2) * slope);
        if (y >= 0 && y < height) dark[y * width + x] = 1;
      }
    }
  }
  return dark;
}

describe('estimateSkew', () => {
  it.each([0, 2.5, -3, 7, -9.5])('finds lines turned by %f degrees', (degrees) => {
    expect(estimateSkew(lines(degrees), width, height)).toBe(degrees);
  });

  it('leaves a page without ink as it is', () => {
    expect(estimateSkew(new Uint8Array(width * height), width, height)).toBe(0);
  });
});

describe('textBlock', () => {
  it('is the box around the lines of text (marks from x = 42 to 356), lines 8 px high', () => {
    expect(textBlock(lines(0), width, height)).toEqual({
      left: 42,
      top: 80,
      width: 315,
      height: 128,
      lineHeight: 8,
    });
  });

  it('ignores a lone edge (one ink run a row) and finds no text in it', () => {
    const edge = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) edge[y * width + 10] = 1;
    expect(textBlock(edge, width, height)).toBeNull();
  });
});
