/**
 * Where a document's portrait must be, from the page geometry the reader finds (a passport's
 * MRZ, a photocard's block of fields), so that the face compared with the selfie is the
 * document's own portrait and not any face in the photo: a victim's passport held beside the
 * attacker's own (larger) face must not give the attacker's face.
 *
 * Boxes are in the pixels of the straightened photo (documentReader.ts turns the photo so its
 * lines run level); `fromPhoto` maps a point of the photo as given into them.
 */
import type { Box, TextBlock } from './inkLayout.js';

export interface DocumentLayout {
  /** Where the centre of the holder's portrait face may be. */
  portrait: Box;
  /** The most a face in the portrait may measure across (a larger one is not the portrait). */
  maxFaceWidth: number;
  /** The document's whole extent: another face of comparable size here is refused. */
  document: Box;
  /** A point of the photo (its own pixels) in the straightened photo's pixels. */
  fromPhoto(x: number, y: number): { x: number; y: number };
  /** The inverse: a point of the straightened photo in the photo's pixels. */
  toPhoto(x: number, y: number): { x: number; y: number };
}

/** How the photo was turned to straighten it: by `degrees` clockwise, `from` → `to` in size. */
export interface Straightening {
  degrees: number;
  from: { width: number; height: number };
  to: { width: number; height: number };
}

/**
 * The point mapping of a rotation about the centre onto the enlarged canvas, as sharp's
 * `rotate(degrees)` does (clockwise, y down; checked against sharp to within a pixel).
 */
function rotation({
  degrees,
  from,
  to,
}: Straightening): (x: number, y: number) => { x: number; y: number } {
  const turn = (degrees * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return (x, y) => {
    const dx = x - from.width / 2;
    const dy = y - from.height / 2;
    return { x: dx * cos - dy * sin + to.width / 2, y: dx * sin + dy * cos + to.height / 2 };
  };
}

/** Both ways between the photo and the straightened photo. */
const rotations = (turn: Straightening) => ({
  fromPhoto: rotation(turn),
  toPhoto: rotation({ degrees: -turn.degrees, from: turn.to, to: turn.from }),
});

const scaled = (box: Box, scale: number): Box => ({
  left: box.left * scale,
  top: box.top * scale,
  width: box.width * scale,
  height: box.height * scale,
});

const box = (left: number, top: number, right: number, bottom: number): Box => ({
  left,
  top,
  width: right - left,
  height: bottom - top,
});

/**
 * A passport's data page from its MRZ (ICAO 9303 TD3: a page of 125 × 88 mm, the MRZ's 44
 * characters about 112 mm long at the bottom, the portrait zone at the left above it, at most
 * 35 mm wide, the page's top about 0.63 MRZ lengths above the MRZ). In MRZ lengths (`length`),
 * from the MRZ's top left corner: the portrait's face is centred between 0.05 left of it and
 * 0.42 right of it, from 0.7 above the MRZ down to it; the page reaches 0.1 beyond the MRZ
 * each side. `mrz` is in the ink map's pixels, `scale` the straightened photo's pixels per one.
 */
export function passportLayout(
  mrz: [Box, Box],
  scale: number,
  straightening: Straightening,
): DocumentLayout {
  const [upper, lower] = mrz.map((line) => scaled(line, scale)) as [Box, Box];
  const left = Math.min(upper.left, lower.left);
  const right = Math.max(upper.left + upper.width, lower.left + lower.width);
  const length = right - left;
  const top = upper.top;
  const bottom = lower.top + lower.height;
  return {
    portrait: box(left - 0.05 * length, top - 0.7 * length, left + 0.42 * length, top),
    maxFaceWidth: 0.4 * length,
    document: box(
      left - 0.1 * length,
      top - 0.75 * length,
      right + 0.1 * length,
      bottom + 0.1 * length,
    ),
    ...rotations(straightening),
  };
}

/**
 * A UK photocard's front from the column of its fields (inkLayout's `textColumn`: fields 1 to
 * 9, left-aligned about 31 mm from the card's left edge, from about 10 to 45 mm down the
 * 85.6 × 54 mm card; their height `size` below, about 35 mm). The portrait (about 24 × 31 mm,
 * from 3.5 mm) is left of the fields: in `size`s from the column's left edge its face is
 * centred between 0.85 left of it and the edge, from 0.15 above the first field to 0.1 below
 * the last; the card reaches 0.95 left of the column, 1.6 right of it, and 0.35 above and
 * below. Only the left edge and the height are used: the column's width can be widened by ink
 * beside the card.
 */
export function licenceLayout(
  column: TextBlock,
  scale: number,
  straightening: Straightening,
): DocumentLayout {
  const fields = scaled(column, scale);
  const size = fields.height;
  const bottom = fields.top + fields.height;
  return {
    portrait: box(
      fields.left - 0.85 * size,
      fields.top - 0.15 * size,
      fields.left,
      bottom + 0.1 * size,
    ),
    maxFaceWidth: 0.7 * size,
    document: box(
      fields.left - 0.95 * size,
      fields.top - 0.35 * size,
      fields.left + 1.6 * size,
      bottom + 0.35 * size,
    ),
    ...rotations(straightening),
  };
}

/** Whether a point is inside a box. */
export const inside = (b: Box, x: number, y: number) =>
  x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height;

/** Whether two boxes share any area. */
export const overlapping = (a: Box, b: Box) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;
