/**
 * Sharpness and glare of a photo, measured on a grey copy scaled to a fixed size (so the
 * numbers do not depend on the camera's resolution).
 *
 * Sharpness is the variance of the Laplacian (the sum of the second differences across and
 * down): printed text has hard edges, so a focused photo of a document has many large values
 * and a blurred one few. Glare is the share of pixels blown out to white: a lamp or the sky
 * reflected in the laminate washes out whatever is under it. Documents are printed on tinted
 * security paper, so a well-exposed photo of one has almost no pure white.
 *
 * Thresholds, from the specimens (test/photoSpecimens.ts; measured 2026-11-28, see
 * imageQuality.test.ts): a focused passport page or licence card scores 1,900 to 4,300, the
 * same blurred by a Gaussian of sigma 2 about 150 and of sigma 4 about 40; a photo of paper
 * text that a person can still read but OCR struggles with sits near 250. Glare: the specimens
 * have 0 % blown-out pixels; a lamp's reflection over a third of the page about 9 %.
 */

/** The long side of the copy the measures are taken on. */
export const qualitySampleSide = 1000;

/** Under this variance of the Laplacian (8-bit grey, 1000 px long side) a photo is blurred. */
export const minSharpness = 120;

/** A pixel this bright (0-255 grey) or brighter is blown out. */
export const glareLevel = 250;

/** Over this share of blown-out pixels a photo has glare. */
export const maxGlareShare = 0.05;

export interface Quality {
  sharpness: number;
  glareShare: number;
}

/** Both measures of one 8-bit grey image (`grey`: width × height bytes, row by row). */
export function measureQuality(grey: Uint8Array, width: number, height: number): Quality {
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const laplacian =
        grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
      count++;
    }
  }
  let blownOut = 0;
  for (let i = 0; i < grey.length; i++) if (grey[i]! >= glareLevel) blownOut++;
  const mean = count ? sum / count : 0;
  return {
    sharpness: count ? sumOfSquares / count - mean * mean : 0,
    glareShare: grey.length ? blownOut / grey.length : 0,
  };
}
