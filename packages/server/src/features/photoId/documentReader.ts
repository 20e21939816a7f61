/**
 * Reads a document's printed data from a prepared photo (images.ts): a passport's
 * machine-readable zone, or a UK photocard licence's numbered fields. OCR by one shared
 * Tesseract worker (ocr.ts); the text's rules in mrzReading.ts and licenceText.ts.
 */
import sharp from 'sharp';
import { licenceLayout, passportLayout, type DocumentLayout } from './documentLayout.js';
import { licenceFromText } from './licenceText.js';
import { estimateSkew, textBlock, textColumn, type Box } from './inkLayout.js';
import { locateMrz } from './mrzLocator.js';
import { passportFromMrz } from './mrzReading.js';
import { closeOcr, recognise } from './ocr.js';
import type { DocumentReading, PreparedImage, Reading } from './photoId.js';

/** The grey copy the MRZ is looked for in, this wide. */
const searchWidth = 1000;
/** Ink: at least this much darker (0-255) than the neighbourhood's mean. */
const inkContrast = 30;
/**
 * The capital heights (px) the MRZ lines are read at: Tesseract read the specimens best at 28;
 * where that read fails its check digits, a second read at 24 often holds (its errors differ).
 */
const ocrCapHeights = [28, 24];

const mrzCharacters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

const today = () => new Date().toISOString().slice(0, 10);

/** 1 where a pixel of the search copy is ink, else 0; with the copy's size. */
async function inkMap(image: PreparedImage) {
  const grey = sharp(image.png).greyscale().resize({ width: searchWidth, kernel: 'linear' });
  const { data, info } = await grey.clone().raw().toBuffer({ resolveWithObject: true });
  const mean = await grey.blur(8).raw().toBuffer();
  const dark = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) dark[i] = data[i]! + inkContrast < mean[i]! ? 1 : 0;
  return { dark, width: info.width, height: info.height };
}

/** The image turned by `degrees` (clockwise), its new corners filled with mid grey. */
async function rotated(image: PreparedImage, degrees: number): Promise<PreparedImage> {
  const { data, info } = await sharp(image.png)
    .rotate(degrees, { background: '#808080' })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * The photo turned so that its lines of text run level (up to 10 degrees), with its ink map and
 * the turn (for documentLayout.ts).
 */
async function straightened(photo: PreparedImage) {
  const ink = await inkMap(photo);
  const skew = estimateSkew(ink.dark, ink.width, ink.height);
  const image = skew === 0 ? photo : await rotated(photo, -skew);
  const straightening = {
    degrees: -skew,
    from: { width: photo.width, height: photo.height },
    to: { width: image.width, height: image.height },
  };
  return { image, ink: skew === 0 ? ink : await inkMap(image), straightening };
}

/** One MRZ line cut from the full image with a margin, grey, contrast stretched, scaled for OCR. */
async function lineImage(
  image: PreparedImage,
  box: Box,
  scale: number,
  capHeight: number,
): Promise<Buffer> {
  const marginX = box.height * 1.5;
  const marginY = box.height * 0.6;
  const left = Math.max(0, Math.floor((box.left - marginX) * scale));
  const top = Math.max(0, Math.floor((box.top - marginY) * scale));
  const right = Math.min(image.width, Math.ceil((box.left + box.width + marginX) * scale));
  const bottom = Math.min(image.height, Math.ceil((box.top + box.height + marginY) * scale));
  const height = Math.round(((bottom - top) * capHeight) / (box.height * scale));
  // Grey and stretched, not binarised: a hard threshold lost '<'s and turned 0 into B.
  return sharp(image.png)
    .extract({ left, top, width: right - left, height: bottom - top })
    .greyscale()
    .resize({ height })
    .normalise()
    .png()
    .toBuffer();
}

/**
 * The passport's MRZ read and checked: no_document when the page has no MRZ, mrz_unreadable
 * when one is there but its check digits fail after correction.
 */
export async function readPassport(photo: PreparedImage): Promise<Reading<DocumentReading>> {
  const { image, ink } = await straightened(photo);
  const lines = locateMrz(ink.dark, ink.width, ink.height);
  if (!lines) return { ok: false, problem: 'no_document' };
  const scale = image.width / ink.width;
  let reading: Reading<DocumentReading> = { ok: false, problem: 'no_document' };
  for (const capHeight of ocrCapHeights) {
    const texts: string[] = [];
    for (const box of lines) {
      const read = await recognise(await lineImage(image, box, scale, capHeight), {
        layout: 'line',
        whitelist: mrzCharacters,
      });
      texts.push(read.map((line) => line.text.replace(/\s+/g, '')).join(''));
    }
    // Two long lines of MRZ characters with filler are an MRZ, however badly read.
    const looksLikeMrz = texts.every((text) => text.length >= 30 && text.includes('<'));
    if (!looksLikeMrz) continue;
    reading = passportFromMrz(texts[0]!, texts[1]!, today());
    if (reading.ok) break;
  }
  return reading;
}

/**
 * The licence's lines are read this tall (px; a line's height is about its capitals'). The
 * specimens' 0 was read as 6 with lines of about 27 px and not with 36.
 */
const licenceLineHeight = 36;
/** Lines shorter than this in the 1000 px ink map are not read (too small, or a pattern). */
const minLineHeight = 6;
/** What Tesseract is given is at most this wide (its time grows with the pixels). */
const maxLicenceWidth = 2000;

/**
 * A UK photocard licence's fields 1-5; no_document when they are not found. The card's text
 * is cut out (straightened first) and scaled to a fixed line height, so neither the photo's
 * margins nor its resolution change the size Tesseract sees.
 */
export async function readDrivingLicence(photo: PreparedImage): Promise<Reading<DocumentReading>> {
  const { image, ink } = await straightened(photo);
  const text = textBlock(ink.dark, ink.width, ink.height);
  if (!text || text.lineHeight < minLineHeight) return { ok: false, problem: 'no_document' };
  const scale = image.width / ink.width;
  const margin = text.lineHeight;
  const left = Math.max(0, Math.floor((text.left - margin) * scale));
  const top = Math.max(0, Math.floor((text.top - margin) * scale));
  const right = Math.min(image.width, Math.ceil((text.left + text.width + margin) * scale));
  const bottom = Math.min(image.height, Math.ceil((text.top + text.height + margin) * scale));
  const factor = Math.min(
    licenceLineHeight / (text.lineHeight * scale),
    maxLicenceWidth / (right - left),
  );
  const png = await sharp(image.png)
    .extract({ left, top, width: right - left, height: bottom - top })
    .greyscale()
    .resize({ width: Math.round((right - left) * factor) })
    .normalise()
    .png()
    .toBuffer();
  const lines = await recognise(png, { layout: 'page', whitelist: '' });
  const reading = licenceFromText(lines.map((line) => line.text));
  return reading ? { ok: true, value: reading } : { ok: false, problem: 'no_document' };
}

/**
 * Where the document's portrait must be in the photo (documentLayout.ts), from the page the
 * reader finds there without OCR: a passport's MRZ, or a photocard's text block. Without a
 * `kind` (a photo kept from an earlier reading), a page with an MRZ is a passport's. Null when
 * neither is found.
 */
export async function documentLayout(
  photo: PreparedImage,
  kind?: DocumentReading['kind'],
): Promise<DocumentLayout | null> {
  const { image, ink, straightening } = await straightened(photo);
  const scale = image.width / ink.width;
  if (kind !== 'drivingLicence') {
    const mrz = locateMrz(ink.dark, ink.width, ink.height);
    if (mrz) return passportLayout(mrz, scale, straightening);
    if (kind === 'passport') return null;
  }
  const fields = textColumn(ink.dark, ink.width, ink.height);
  if (!fields || fields.lineHeight < minLineHeight) return null;
  return licenceLayout(fields, scale, straightening);
}

/** Ends the OCR worker (the server's close hook). */
export function closeDocumentReader(): Promise<void> {
  return closeOcr();
}
