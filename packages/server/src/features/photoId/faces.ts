/**
 * Faces for SelfieComparison: the portrait on the document, the face in the selfie, how alike
 * their embeddings are, and the selfie's passive anti-spoof and liveness scores. Models: Human's
 * BlazeFace, FaceMesh, FaceRes, anti-spoof and liveness (see faceModels.ts), all local, run in a
 * worker thread (faceDetector.ts).
 */
import sharp from 'sharp';
import { inside, overlapping, type DocumentLayout } from './documentLayout.js';
import { documentLayout } from './documentReader.js';
import { closeFaceDetector, detectFaces } from './faceDetector.js';
import { embeddingSimilarity, type DetectedFace } from './faceModels.js';
import { measureQuality } from '@verity/contracts';
import type { Box } from './inkLayout.js';
import type {
  DocumentReading,
  FaceComparison,
  FaceFinding,
  PreparedImage,
  Reading,
} from './photoId.js';

/**
 * Two faces are the same person at or above this similarity (Human's 0..1 scale, see
 * `embeddingSimilarity`), both embeddings taken from greyscale pixels: many document portraits
 * are greyscale (a polycarbonate page's laser engraving, the specimens in the tests), and
 * comparing grey with grey separated different people far better than colour did.
 * Measured with FaceRes on the real face photos in Human's own package (test/photoFaces.ts:
 * five people, three photos of one of them; the faces were 100-170 px across, enlarged into
 * 1000 px selfies with camera noise of sigma 10; plain ones since 2026-11-28), greyscale:
 * - a colour selfie against its own photo as a greyscale specimen passport or licence
 *   portrait (test/photoSpecimens.ts, pages 1000 and 1600 px wide): 0.76 to 1.00; against a
 *   selfie-like altered copy (rotated 4°, cropped, scaled, brighter, new noise, JPEG again):
 *   0.94 to 1.00 (0.90 to 1.00 from the plain selfies);
 * - different photos of the same man: 0.58 (another photo), 0.34 to 0.41 (a webcam still
 *   taken years later, which this model does not match: a retake will not help either);
 * - different people (all 10 pairs of the five): 0.09 to 0.38 (compared in colour: up to 0.54).
 * 0.5 is Human's documented match level for FaceRes (its FaceID demo uses it), 0.12 above the
 * closest different people measured. Five people are far too few to estimate a false-match
 * rate, and FaceRes is a small model: this is not a vendor's face match, which the evidence
 * must say (its score stays low).
 */
export const faceMatchThreshold = 0.5;

/**
 * Recommended minimums for a selfie's `real` (anti-spoof) and `live` (liveness) scores; the
 * caller decides. Measured on the same photos (colour): the seven selfies with camera noise of
 * sigma 10 scored real 0.54 to 0.83 and live 0.76 to 1.00, their altered copies real 0.53 to
 * 0.86 and live 0.48 to 1.00 (the same photo's liveness moved from 0.76 to 0.48 with different
 * camera noise); the plain selfies (no noise, 2026-11-28) real 0.51 to 0.83 and live 0.49 to
 * 1.00, their altered copies real 0.50 to 0.83 and live 0.57 to 1.00; each shown as a photo of
 * a photo (shrunk onto a dark screen in a flat grey frame, photoOfPhoto) scored real 0.51 to
 * 0.80 and live 0.80 to 1.00. These single-frame passive models did not tell
 * that replay from the real photos, and their scores move with noise, so the floor is set
 * below every real photo measured (Human's FaceID demo asks 0.6, which several would fail):
 * it stops only a face the models are sure is fake. Weak evidence, not a liveness check.
 */
export const recommendedMinimumReal = 0.4;
export const recommendedMinimumLive = 0.4;

/**
 * The long side of the pixels Human is given: a selfie's face or a document's portrait is
 * still well over 200 px across at this size; larger images cost CPU, not accuracy (the
 * detector looks at 256 × 256, the embedding model at 224 × 224).
 */
export const detectionMaxSide = 1280;

/**
 * A selfie's face is measured for sharpness on its own: prepareImage does not gate a selfie
 * on the whole image (a sharp face in front of a plain wall has few edges, and measured 38 to
 * 178 where a document's line is 400). The face's box, in grey, is scaled to this side and
 * measured with contracts' `measureQuality` (photoQuality.ts: variance of the Laplacian, contrast
 * stretched): at this size a face's features are still there, and camera noise is averaged
 * away more than a face's edges are.
 */
export const faceSharpnessSide = 96;

/**
 * Under this sharpness of the face (see `faceSharpnessSide`) a selfie is 'blurred'. Measured
 * 2026-11-28 on the seven real faces of test/photoFaces.ts (faces 100-170 px across in their
 * photos, enlarged to 480 px in plain 1000 px selfies, JPEG): sharp 234 to 961, their altered
 * copies (new noise of sigma 14) 290 to 971, shown as a photo of a photo 452 to 1125; blurred
 * by a Gaussian (then camera noise of sigma 3, as a sensor adds after the lens: blurredCopy)
 * of sigma 2 px: 177 to 782, of 3 px: 125 to 185 (portrait 5: 551), of 4 px: 78 to 119
 * (portrait 5: 388), of 6 px: 38 to 67 (portrait 5: 197). Portrait 5, a close crop of a
 * sharper photo, scores about three times the others at every blur, so one line cannot be
 * right for every face: 150 passes every sharp face measured with half again to spare and
 * refuses a blur of 3 to 4 px (about 1 % of the face's width in the selfie) on the others.
 */
export const minFaceSharpness = 150;

/** A prepared image decoded once for detection: RGB, at most `detectionMaxSide` long. */
interface Pixels {
  rgb: Buffer;
  width: number;
  height: number;
  /** Image pixels per detection pixel, to give boxes in the image's pixels. */
  scale: number;
  /** Where the pixels' top left corner is in the image (a region of it). */
  offset: { x: number; y: number };
}

/** The image, or a `region` of it, decoded for detection. */
async function pixelsOf(image: PreparedImage, region?: Region): Promise<Pixels> {
  const source = sharp(image.png);
  if (region) source.extract(region);
  const { data, info } = await source
    .resize({
      width: detectionMaxSide,
      height: detectionMaxSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    rgb: asRgb(data, info.channels),
    width: info.width,
    height: info.height,
    scale: (region?.width ?? image.width) / info.width,
    offset: { x: region?.left ?? 0, y: region?.top ?? 0 },
  };
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The same pixels in greyscale (still three channels), as embeddings are compared. */
async function greyscale(pixels: Pixels): Promise<Pixels> {
  const { width, height } = pixels;
  const grey = await sharp(pixels.rgb, { raw: { width, height, channels: 3 } })
    .greyscale()
    .raw()
    .toBuffer();
  return { ...pixels, rgb: asRgb(grey, 1) };
}

/**
 * The faces Human finds that can be compared (FaceRes gave an embedding). The pixels move to
 * the face worker: `pixels.rgb` is not to be used afterwards.
 */
async function facesIn(pixels: Pixels): Promise<DetectedFace[]> {
  const faces = await detectFaces(pixels.rgb, pixels.width, pixels.height);
  return faces.filter((face) => face.embedding.length > 0);
}

/** Raw pixels as RGB: a greyscale image (one channel) has its value copied into all three. */
function asRgb(pixels: Buffer, channels: number): Buffer {
  if (channels === 3) return pixels;
  if (channels !== 1) throw new Error(`expected 1 or 3 channels, got ${channels}`);
  const rgb = Buffer.alloc(pixels.length * 3);
  for (let i = 0, j = 0; i < pixels.length; i++, j += 3) {
    const value = pixels[i] ?? 0;
    rgb[j] = value;
    rgb[j + 1] = value;
    rgb[j + 2] = value;
  }
  return rgb;
}

/** The sharpness of the face's box in `grey` (detection pixels), as `minFaceSharpness` is measured. */
async function faceSharpness(grey: Pixels, face: DetectedFace): Promise<number> {
  const [x, y, width, height] = face.box;
  const left = Math.min(grey.width - 1, Math.max(0, Math.round(x)));
  const top = Math.min(grey.height - 1, Math.max(0, Math.round(y)));
  const crop = await sharp(grey.rgb, {
    raw: { width: grey.width, height: grey.height, channels: 3 },
  })
    .extract({
      left,
      top,
      width: Math.max(1, Math.min(grey.width - left, Math.round(width))),
      height: Math.max(1, Math.min(grey.height - top, Math.round(height))),
    })
    .greyscale()
    .resize(faceSharpnessSide, faceSharpnessSide, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measureQuality(crop.data, crop.info.width, crop.info.height).sharpness;
}

const area = (face: DetectedFace) => face.box[2] * face.box[3];

/** Intersection over union of two faces' boxes. */
function overlap(a: DetectedFace, b: DetectedFace): number {
  const [ax, ay, aw, ah] = a.box;
  const [bx, by, bw, bh] = b.box;
  const width = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const height = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  const shared = width * height;
  return shared / (area(a) + area(b) - shared);
}

function finding(
  image: PreparedImage,
  pixels: Pixels,
  face: DetectedFace,
  embedding: number[],
): FaceFinding {
  const [boxX, boxY, width, height] = face.box.map((value) => Math.round(value * pixels.scale)) as [
    number,
    number,
    number,
    number,
  ];
  const x = boxX + pixels.offset.x;
  const y = boxY + pixels.offset.y;
  const left = Math.min(image.width, Math.max(0, x));
  const top = Math.min(image.height, Math.max(0, y));
  return {
    embedding,
    confidence: face.score,
    real: face.real,
    live: face.live,
    box: {
      x: left,
      y: top,
      width: Math.max(0, Math.min(image.width - left, width)),
      height: Math.max(0, Math.min(image.height - top, height)),
    },
  };
}

/**
 * Another face on the document at least this wide, relative to the portrait's face, makes the
 * photo ambiguous ('several_faces'): a UK passport's ghost image is about half the portrait's
 * width, and smaller faces in a background print are smaller still.
 */
export const comparableFaceWidth = 0.6;

/** The box around a face's box's corners mapped into the straightened photo (documentLayout). */
function inLayout(layout: DocumentLayout, box: FaceFinding['box']): Box {
  const corners = [
    layout.fromPhoto(box.x, box.y),
    layout.fromPhoto(box.x + box.width, box.y),
    layout.fromPhoto(box.x, box.y + box.height),
    layout.fromPhoto(box.x + box.width, box.y + box.height),
  ];
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/**
 * Which of the faces found (boxes in the photo's pixels) is the document's portrait: the
 * largest whose centre is in the portrait's area and no wider than a portrait can be. Faces
 * outside the document are ignored (a face beside the page is not its holder's); another face
 * of comparable size (`comparableFaceWidth`) in or overlapping the document answers
 * 'several_faces', no face in the portrait's area 'no_face'. Returns the portrait's index.
 */
export function documentPortrait(
  boxes: FaceFinding['box'][],
  layout: DocumentLayout,
): Reading<number> {
  const placed = boxes.map((box) => inLayout(layout, box));
  let portrait = -1;
  placed.forEach((box, i) => {
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const fits =
      inside(layout.portrait, centre.x, centre.y) && boxes[i]!.width <= layout.maxFaceWidth;
    if (fits && (portrait < 0 || boxes[i]!.width > boxes[portrait]!.width)) portrait = i;
  });
  if (portrait < 0) return { ok: false, problem: 'no_face' };
  const width = boxes[portrait]!.width;
  const rival = placed.some(
    (box, i) =>
      i !== portrait &&
      boxes[i]!.width >= comparableFaceWidth * width &&
      overlapping(box, layout.document),
  );
  return rival ? { ok: false, problem: 'several_faces' } : { ok: true, value: portrait };
}

/**
 * The part of the photo faces are looked for in: the document and a margin of a fifth of its
 * size (so a face overlapping its edge is seen), in the photo's pixels. Detecting in the
 * document rather than the whole photo also gives its portrait more of the detector's pixels.
 */
function documentRegion(image: PreparedImage, layout: DocumentLayout): Region | undefined {
  const { left, top, width, height } = layout.document;
  const corners = [
    layout.toPhoto(left - width / 5, top - height / 5),
    layout.toPhoto(left + (width * 6) / 5, top - height / 5),
    layout.toPhoto(left - width / 5, top + (height * 6) / 5),
    layout.toPhoto(left + (width * 6) / 5, top + (height * 6) / 5),
  ];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c.y))));
  if (x1 - x0 < 1 || y1 - y0 < 1) return undefined;
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The document's portrait (`documentPortrait`), where the page the reader finds says it is
 * (documentReader.ts's `documentLayout`; `kind` when known, else a page with an MRZ is a
 * passport's): 'no_document' when the page is not found again. One greyscale pass: its `real`
 * and `live` say nothing about a document photo.
 */
export async function faceOnDocument(
  image: PreparedImage,
  kind?: DocumentReading['kind'],
): Promise<Reading<FaceFinding>> {
  const layout = await documentLayout(image, kind);
  if (!layout) return { ok: false, problem: 'no_document' };
  const pixels = await greyscale(await pixelsOf(image, documentRegion(image, layout)));
  const faces = (await facesIn(pixels)).map((face) => finding(image, pixels, face, face.embedding));
  const chosen = documentPortrait(
    faces.map((face) => face.box),
    layout,
  );
  return chosen.ok ? { ok: true, value: faces[chosen.value]! } : chosen;
}

/**
 * The selfie's face: exactly one (a second face may be someone helping, or a photo held up),
 * and sharp (`minFaceSharpness`: prepare the selfie with `{ purpose: 'selfie' }`, which leaves
 * blur to this). The colour pass counts faces and gives the anti-spoof and liveness scores (a
 * screen's or a print's colour is part of what they see); the greyscale pass gives the
 * embedding.
 */
export async function faceInSelfie(image: PreparedImage): Promise<Reading<FaceFinding>> {
  const pixels = await pixelsOf(image);
  // The grey copy first: the colour pixels move to the face worker.
  const grey = await greyscale(pixels);
  const [face, ...others] = await facesIn(pixels);
  if (!face) return { ok: false, problem: 'no_face' };
  if (others.length > 0) return { ok: false, problem: 'several_faces' };
  if ((await faceSharpness(grey, face)) < minFaceSharpness)
    return { ok: false, problem: 'blurred' };
  const greyFace = (await facesIn(grey)).find((candidate) => overlap(candidate, face) > 0.5);
  if (!greyFace) return { ok: false, problem: 'no_face' };
  return { ok: true, value: finding(image, pixels, face, greyFace.embedding) };
}

/** How alike the document's face and the selfie's are; a match at `faceMatchThreshold` or above. */
export function compareFaces(document: FaceFinding, selfie: FaceFinding): FaceComparison {
  const similarity = embeddingSimilarity(document.embedding, selfie.embedding);
  return { similarity, match: similarity >= faceMatchThreshold };
}

/** Ends the face worker and its models; the server's close hook calls it. */
export function closeFaces(): Promise<void> {
  return closeFaceDetector();
}
