/**
 * What an upload is, from its first bytes (never from its name or declared content type).
 * HEIC is recognised so that it can be refused by name: sharp's prebuilt libvips decodes AVIF
 * but not HEVC, the codec of an iPhone's HEIC.
 */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** The image types the pipeline decodes. */
export const decodableTypes: ReadonlySet<ImageType> = new Set(['jpeg', 'png', 'webp', 'avif']);

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** ISO BMFF brands (ftyp box) of HEIF images: AVIF's and HEVC's. */
const avifBrands = new Set(['avif', 'avis']);
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => avifBrands.has(brand))) return 'avif';
    if (brands.some((brand) => heicBrands.has(brand))) return 'heic';
  }
  return null;
}
