import { describe, expect, it } from 'vitest';
import { sniffImageType } from './imageType.js';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${brands}`, 4, 'latin1');
  return Buffer.concat([box, Buffer.alloc(16)]);
};

describe('sniffImageType', () => {
  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'png'],
    ['WebP', Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'), 'webp'],
    ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'avif'],
    ['HEIC (iPhone)', ftyp('heic', 'mif1', 'heic'), 'heic'],
    ['HEIF with a HEVC brand', ftyp('mif1', 'heic'), 'heic'],
    ['GIF', Buffer.from('GIF89a\x01\0\x01\0', 'latin1'), null],
    ['a text file', Buffer.from('my passport number is 123456784\n'), null],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'), null],
    ['an MP4 video', ftyp('isom', 'mp41'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s', (_, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });
});
