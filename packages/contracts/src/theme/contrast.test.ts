import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, isHexColour, relativeLuminance } from './contrast.js';

describe('contrastRatio (WCAG 2.x)', () => {
  // Ratios as WebAIM's contrast checker and the WCAG examples give them.
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#0d6efd', '#ffffff', 4.5],
    ['#ff0000', '#ffffff', 4],
    ['#ff0000', '#000000', 5.25],
    ['#1f4fd1', '#FFFFFF', 6.78],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#808080', 0.2158605],
  ])('the relative luminance of %s is %s', (colour, luminance) => {
    expect(relativeLuminance(colour)).toBeCloseTo(luminance, 6);
  });

  it.each(['#fff', 'fff000', '#gggggg', '#1234567', 'red', ' #ffffff', '#ffffff;', ''])(
    'refuses %j, which is not #rrggbb',
    (colour) => {
      expect(isHexColour(colour)).toBe(false);
      expect(() => contrastRatio(colour, '#ffffff')).toThrow('not a #rrggbb colour');
    },
  );

  it.each([
    [4.4999, '4.49:1'],
    [4.5, '4.50:1'],
    [21, '21.00:1'],
  ])('shows %s as %s (rounded down)', (ratio, shown) => {
    expect(formatRatio(ratio)).toBe(shown);
  });
});
