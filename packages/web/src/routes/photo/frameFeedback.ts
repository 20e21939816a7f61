import { maxGlareShare, measureQuality, minSharpness, qualitySampleSide } from '@verity/contracts';

/**
 * Glare and blur of a camera frame, judged on the phone before it is sent, so the user
 * retakes at once rather than after the server's answer. The measures and thresholds are the
 * server's, from one definition (contracts' photoQuality.ts, calibrated on the specimen
 * documents). The frame is scaled to `qualitySampleSide` on its long side first
 * (DocumentCamera), as the server measures, so the numbers agree.
 */

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

/** Both measures of a frame, and what is wrong with it (glare first: it also hides edges). */
export function frameQuality(frame: Frame): FrameQuality {
  const { sharpness, glareShare } = measureQuality(greyOf(frame), frame.width, frame.height);
  const problem = glareShare > maxGlareShare ? 'glare' : sharpness < minSharpness ? 'blur' : null;
  return { sharpness, glareShare, problem };
}

/** The size to draw a frame at for measuring: `qualitySampleSide` on the long side, never larger. */
export function sampleSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, qualitySampleSide / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
