import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { decodableTypes, sniffImageType } from './imageType.js';
import { maxGlareShare, measureQuality, minSharpness, qualitySampleSide } from '@verity/contracts';
import type { PreparedImage, Reading } from './photoId.js';

/** Uploads over 10 MB are refused before decoding (the limit). */
export const maxImageBytes = 10 * 1024 * 1024;

/**
 * Pixel bombs: a small file that declares a huge image. 64 megapixels is above any phone's
 * default photo (12 to 50 MP) and far below what would exhaust the server's memory.
 */
export const maxImagePixels = 64_000_000;

/** The prepared image's long side at most; more adds OCR time, not accuracy. */
export const maxLongSide = 2000;

/** Under this on the short side (after orientation) a document's text is too small to read. */
export const minShortSide = 600;
/** A selfie's least short side: a VGA webcam frame (640 x 480) is enough for the face models. */
export const minSelfieShortSide = 480;

const refuse = (problem: Extract<Reading<never>, { ok: false }>['problem']) =>
  ({ ok: false, problem }) as const;

export interface PrepareOptions {
  /**
   * What the photo is of. 'document' (the default): the whole image must be sharp, as its
   * printed text is. 'selfie': no whole-image blur gate, since a sharp face in front of a plain
   * wall has few edges and measures as blurred; faces.ts's `faceInSelfie` measures the face's
   * own sharpness instead. The other checks apply to both.
   */
  purpose?: 'document' | 'selfie';
}

/**
 * Makes an upload safe and uniform for the readers: sniffs the type, enforces the size and
 * pixel limits, decodes (sharp at its strictest: any decoder warning is corrupt), turns the
 * image upright by its EXIF orientation, drops every metadata block (EXIF with GPS, ICC, XMP),
 * scales the long side to at most 2000 px and re-encodes as PNG; refuses photos too small or
 * with glare, and a document's photo when it is blurred.
 */
export async function prepareImage(
  bytes: Buffer,
  { purpose = 'document' }: PrepareOptions = {},
): Promise<Reading<PreparedImage>> {
  if (bytes.length > maxImageBytes) return refuse('too_large');
  const type = sniffImageType(bytes);
  if (!type || !decodableTypes.has(type)) return refuse('unsupported_type');
  const input = () => sharp(bytes, { failOn: 'warning', limitInputPixels: maxImagePixels });

  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    // sharp reads the declared size from the header and refuses a pixel bomb by name.
    return refuse(/pixel limit/i.test((error as Error).message) ? 'too_large' : 'corrupt');
  }
  const { width = 0, height = 0 } = metadata;
  const leastSide = purpose === 'selfie' ? minSelfieShortSide : minShortSide;
  if (width * height > maxImagePixels) return refuse('too_large');
  if (Math.min(width, height) < leastSide) return refuse('too_small');

  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await input()
      .autoOrient()
      .resize(maxLongSide, maxLongSide, { fit: 'inside', withoutEnlargement: true })
      // A transparent background counts as white paper, not as whatever its pixels hold.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return refuse('corrupt');
  }
  const { info } = upright;
  // A panorama scaled to 2000 px may end up too narrow to read.
  if (Math.min(info.width, info.height) < leastSide) return refuse('too_small');
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const sample = await sharp(upright.data, raw)
    .greyscale()
    .resize(qualitySampleSide, qualitySampleSide, { fit: 'inside', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const quality = measureQuality(sample.data, sample.info.width, sample.info.height);
  if (quality.glareShare > maxGlareShare) return refuse('glare');
  if (purpose === 'document' && quality.sharpness < minSharpness) return refuse('blurred');

  // A fast zlib level: the PNG is an internal hand-over, and level 6 costs several times more.
  const png = await sharp(upright.data, raw).png({ compressionLevel: 2 }).toBuffer();
  return { ok: true, value: { png, width: info.width, height: info.height } };
}
