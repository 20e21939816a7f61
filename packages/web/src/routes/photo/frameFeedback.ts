/**
 * Glare and blur of a camera frame, judged on the phone before it is sent, so the user
 * retakes at once rather than after the server's answer. The measures and thresholds are the
 * server's (packages/server/src/features/photoId/imageQuality.ts, calibrated on the specimen
 * documents): the variance of the Laplacian of a grey copy, its contrast stretched, for blur;
 * the share of blown-out pixels for glare. The frame is scaled to `sampleSide` on its long side
 * first (DocumentCamera), as the server measures, so the numbers agree.
 */

export const sampleSide = 1000;
/** Under this variance of the Laplacian: blurred. */
export const minSharpness = 400;
/** A grey level this bright or brighter is blown out. */
export const glareLevel = 250;
/** Over this share of blown-out pixels: glare. */
export const maxGlareShare = 0.05;

/** A frame's pixels as a canvas gives them: RGBA, row by row. */
export interface Frame {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export type FrameProblem = 'glare' | 'blur' | null;

export interface FrameQuality {
  sharpness: number;
  glareShare: number;
  problem: FrameProblem;
}

/** ITU-R BT.601 luma of each pixel. */
function greyOf({ data, width, height }: Frame): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = Math.round(
      0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!,
    );
  return grey;
}

/** The grey levels under which 1 % and 99 % of the pixels lie. */
function contrastRange(grey: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (const value of grey) histogram[value]!++;
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

/** Both measures of a frame, and what is wrong with it (glare first: it also hides edges). */
export function frameQuality(frame: Frame): FrameQuality {
  const { width, height } = frame;
  const grey = greyOf(frame);
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const laplacian =
        grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
      count++;
    }
  let blownOut = 0;
  for (const value of grey) if (value >= glareLevel) blownOut++;
  const mean = count ? sum / count : 0;
  const variance = count ? sumOfSquares / count - mean * mean : 0;
  const range = contrastRange(grey);
  const sharpness = range > 0 ? variance * (255 / range) ** 2 : 0;
  const glareShare = grey.length ? blownOut / grey.length : 0;
  const problem = glareShare > maxGlareShare ? 'glare' : sharpness < minSharpness ? 'blur' : null;
  return { sharpness, glareShare, problem };
}

/** The size to draw a frame at for measuring: `sampleSide` on the long side, never larger. */
export function sampleSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, sampleSide / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
