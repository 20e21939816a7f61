/**
 * Sharpness and glare of a photo, measured on a grey copy scaled to a fixed size (so the
 * numbers do not depend on the camera's resolution). One definition for both sides: the
 * server judges the photo it receives (features/photoId/images.ts, faces.ts), the phone a
 * camera frame before sending it (web routes/photo/frameFeedback.ts), so they agree.
 *
 * Sharpness is the variance of the Laplacian (the sum of the second differences across and
 * down): printed text has hard edges, so a focused photo of a document has many large values
 * and a blurred one few. Glare is the share of pixels blown out to white: a lamp or the sky
 * reflected in the laminate washes out whatever is under it. Documents are printed on tinted
 * security paper, so a well-exposed photo of one has almost no pure white.
 *
 * Thresholds, from the specimens (test/photoSpecimens.ts, measured 2026-11-28 at 1000 px):
 * sharpness of a focused passport page or licence card 1,290-2,050 (the same at half the
 * contrast, and as a JPEG at quality 60); blurred by a Gaussian of sigma 0.7 px 520-720, of
 * sigma 1 390-510, of 1.5 150-180, of 2 50-80. OCR still reads sigma 1.5 on the specimens,
 * but a real photo that soft has lost detail a specimen never had (noise, print texture), so
 * the line is drawn at 400: about sigma 1. Glare: the specimens have 0-0.03 % blown-out
 * pixels; a lamp's reflection (test/photoSpecimens.ts withGlare: white at its core, fading out over a
 * quarter of the photo) 10.6-14.4 %, at full contrast or half.
 */

/** The long side of the copy the measures are taken on. */
export const qualitySampleSide = 1000;

/** Under this variance of the Laplacian (contrast stretched, 1000 px long side): blurred. */
export const minSharpness = 400;

/** A pixel this bright (0-255 grey) or brighter is blown out. */
export const glareLevel = 250;

/** Over this share of blown-out pixels a photo has glare. */
export const maxGlareShare = 0.05;

export interface Quality {
  sharpness: number;
  glareShare: number;
}

/** The grey levels under which 1 % and 99 % of the pixels lie: the image's contrast range. */
function contrastRange(grey: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) histogram[grey[i]!]!++;
  const level = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value]!;
      if (seen > share * grey.length) return value;
    }
    return 255;
  };
  return level(0.99) - level(0.01);
}

/**
 * Both measures of one 8-bit grey image (`grey`: width × height bytes, row by row). The
 * sharpness is taken as if the contrast were stretched to the full range (the variance scales
 * with its square), so a dim photo is not mistaken for a blurred one.
 */
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
  const variance = count ? sumOfSquares / count - mean * mean : 0;
  const range = contrastRange(grey);
  return {
    sharpness: range > 0 ? variance * (255 / range) ** 2 : 0,
    glareShare: grey.length ? blownOut / grey.length : 0,
  };
}
