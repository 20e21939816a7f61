/**
 * The ink of a photo of a document, and what its layout says: how far its lines are turned,
 * where its text is. The ink map is a grey copy 1000 px wide with 1 where a pixel is clearly
 * darker than its neighbourhood's mean (so uneven light does not matter) and 0 elsewhere.
 */

/** A box in the ink map's pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Ink runs closer than this (px, 1000 px wide) belong to one line of text. */
const maxGap = 25;
export interface Segment {
  left: number;
  right: number;
  runs: number;
}

/** The segment of one row with the most ink runs. */
export function bestSegment(dark: Uint8Array, width: number, y: number): Segment | null {
  let best: Segment | null = null;
  let current: Segment | null = null;
  let lastInk = -Infinity;
  for (let x = 0; x < width; x++) {
    const ink = dark[y * width + x] === 1;
    if (!ink) continue;
    const startsRun = x === 0 || dark[y * width + x - 1] !== 1;
    if (!current || x - lastInk > maxGap) {
      if (current && (!best || current.runs > best.runs)) best = current;
      current = { left: x, right: x, runs: 0 };
    }
    if (startsRun) current.runs++;
    current.right = x;
    lastInk = x;
  }
  if (current && (!best || current.runs > best.runs)) best = current;
  return best;
}

/** The sum of squares of the row profile of the ink sheared by `skew` degrees. */
function profileScore(ink: number[], width: number, height: number, skew: number): number {
  const profile = new Float64Array(height * 2);
  const slope = Math.tan((skew * Math.PI) / 180);
  for (const i of ink) {
    const x = i % width;
    const row = Math.round((i - x) / width - x * slope) + (height >> 1);
    if (row >= 0 && row < profile.length) profile[row]!++;
  }
  let score = 0;
  for (const count of profile) score += count * count;
  return score;
}

/** Skews tried, in degrees: whole degrees up to 10 either way, then the half degrees beside the best. */
const maxSkew = 10;

/**
 * How far the text's lines are turned (degrees, clockwise positive), by the classic
 * projection test: sheared by the right angle, the ink falls into sharp rows of text and
 * gaps, so the row profile's sum of squares is largest.
 */
export function estimateSkew(dark: Uint8Array, width: number, height: number): number {
  const ink: number[] = [];
  for (let i = 0; i < dark.length; i++) if (dark[i] === 1) ink.push(i);
  let best = { skew: 0, score: profileScore(ink, width, height, 0) };
  const consider = (skew: number) => {
    const score = profileScore(ink, width, height, skew);
    // Only a clear gain turns the photo (a page without text stays as it is).
    if (score > best.score * 1.0001) best = { skew, score };
  };
  for (let skew = -maxSkew; skew <= maxSkew; skew++) if (skew !== 0) consider(skew);
  const whole = best.skew;
  consider(whole - 0.5);
  consider(whole + 0.5);
  return best.skew;
}

/** Where a block of text is, and how tall its lines are (the median, in the map's pixels). */
export interface TextBlock extends Box {
  lineHeight: number;
}

/**
 * The box around the rows of text (rows with a segment of at least `minRuns` ink runs), so
 * that a card's text can be read at a known size whatever the photo's margins, and the
 * median height of its lines (runs of such rows). Null: no text.
 */
export function textBlock(
  dark: Uint8Array,
  width: number,
  height: number,
  minRuns = 6,
): TextBlock | null {
  let left = width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  const lineHeights: number[] = [];
  let lineStart = -1;
  for (let y = 0; y <= height; y++) {
    const segment = y < height ? bestSegment(dark, width, y) : null;
    if (!segment || segment.runs < minRuns) {
      if (lineStart >= 0) lineHeights.push(y - lineStart);
      lineStart = -1;
      continue;
    }
    if (lineStart < 0) lineStart = y;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, segment.left);
    right = Math.max(right, segment.right);
  }
  if (top < 0) return null;
  lineHeights.sort((a, b) => a - b);
  return {
    left,
    top,
    width: right - left + 1,
    height: bottom - top + 1,
    lineHeight: lineHeights[lineHeights.length >> 1]!,
  };
}

/**
 * The left-aligned column of a card's fields: their common left edge (the median of the text
 * rows' left edges, so a title, a portrait's or a background's marks in a few rows do not move
 * it), and the first and last text rows that start there. Unlike `textBlock`'s, its extent is
 * not widened by other ink beside the card. Null: no text.
 */
export function textColumn(
  dark: Uint8Array,
  width: number,
  height: number,
  minRuns = 6,
): TextBlock | null {
  const block = textBlock(dark, width, height, minRuns);
  if (!block) return null;
  const rows: Array<{ y: number; segment: Segment }> = [];
  for (let y = 0; y < height; y++) {
    const segment = bestSegment(dark, width, y);
    if (segment && segment.runs >= minRuns) rows.push({ y, segment });
  }
  const lefts = rows.map((row) => row.segment.left).sort((a, b) => a - b);
  const left = lefts[lefts.length >> 1]!;
  const aligned = rows.filter((row) => Math.abs(row.segment.left - left) <= block.lineHeight);
  const top = aligned[0]!.y;
  const bottom = aligned[aligned.length - 1]!.y;
  const right = Math.max(...aligned.map((row) => row.segment.right));
  return {
    left,
    top,
    width: right - left + 1,
    height: bottom - top + 1,
    lineHeight: block.lineHeight,
  };
}
