/**
 * WCAG 2.x colour contrast, as a pure function of two sRGB colours written #rrggbb.
 * https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio and #dfn-relative-luminance
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Whether `value` is a colour written #rrggbb (the only form themes accept). */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** The red, green and blue channels (0 to 255) of a #rrggbb colour. */
export function rgbOf(hex: string): [number, number, number] {
  if (!isHexColour(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** sRGB channel (0 to 255) to linear light; 0.04045 is the threshold WCAG 2.2 now names. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever order they come in. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: rounded down to two decimals, so 4.499 is never shown as 4.5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
