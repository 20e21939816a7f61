/**
 * Where the machine-readable zone is in a photo of a passport's data page: two long lines of
 * 44 evenly spaced characters, one under the other, at the bottom of the page. Found from the
 * image alone (no OCR), so a photo without one costs a few milliseconds.
 *
 * The input is a grey copy 1000 px wide. A pixel is ink when it is clearly darker than its
 * neighbourhood (`dark`, computed by the caller from a blurred copy), which copes with uneven
 * light. In each row the ink runs are joined into segments where they are closer than a
 * character's gap; a row of an MRZ line has one segment with many runs (every character,
 * filler '<' included, is ink), where labels and values have short words. Rows whose best
 * segment has enough runs make bands; the MRZ is the lowest pair of bands of the same length
 * and left edge, one line's height apart.
 */

import { bestSegment, type Box, type Segment } from './inkLayout.js';

/** An MRZ row crosses at least this many ink runs (44 characters, about one each). */
const minRuns = 24;

interface Band extends Box {
  runs: number;
}

/** Consecutive rows (a one-row gap bridged) whose best segment has enough runs. */
function textBands(dark: Uint8Array, width: number, height: number): Band[] {
  const bands: Band[] = [];
  let rows: Array<{ y: number; segment: Segment }> = [];
  const close = () => {
    if (rows.length >= 4) {
      // The band's extent: the median of its rows' segments (robust to a stray mark).
      const lefts = rows.map((r) => r.segment.left).sort((a, b) => a - b);
      const rights = rows.map((r) => r.segment.right).sort((a, b) => a - b);
      const left = lefts[lefts.length >> 1]!;
      const right = rights[rights.length >> 1]!;
      const top = rows[0]!.y;
      bands.push({
        left,
        top,
        width: right - left + 1,
        height: rows[rows.length - 1]!.y - top + 1,
        runs: Math.max(...rows.map((r) => r.segment.runs)),
      });
    }
    rows = [];
  };
  for (let y = 0; y < height; y++) {
    const segment = bestSegment(dark, width, y);
    if (segment && segment.runs >= minRuns / 2) {
      if (rows.length && y - rows[rows.length - 1]!.y > 2) close();
      rows.push({ y, segment });
    } else if (rows.length && y - rows[rows.length - 1]!.y > 2) {
      close();
    }
  }
  close();
  return bands.filter((b) => b.runs >= minRuns);
}

/** Whether a band is shaped like 44 characters of its own height (OCR-B: pitch ≈ height). */
const lineShaped = (b: Band) => b.width >= 25 * b.height && b.width <= 70 * b.height;

/** The two MRZ lines (top line first), or null when there is no such pair. */
export function locateMrz(dark: Uint8Array, width: number, height: number): [Box, Box] | null {
  const bands = textBands(dark, width, height).filter(lineShaped);
  for (let i = bands.length - 1; i > 0; i--) {
    const lower = bands[i]!;
    const upper = bands[i - 1]!;
    const lineHeight = Math.max(upper.height, lower.height);
    const gap = lower.top - (upper.top + upper.height);
    const alike =
      Math.abs(upper.left - lower.left) < 2 * lineHeight &&
      Math.abs(upper.width - lower.width) < 0.15 * Math.max(upper.width, lower.width) &&
      Math.min(upper.height, lower.height) > 0.5 * lineHeight &&
      gap >= 0 &&
      gap < 2.5 * lineHeight;
    if (alike) return [upper, lower];
  }
  return null;
}
