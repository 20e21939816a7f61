import sharp from 'sharp';

/**
 * A selfie of this face photo: in front of a detailed (noisy) wall, as a real selfie's
 * background. The registry's face photos (photoFaces.ts) are small crops, soft when scaled
 * up: alone they are 'blurred' by the pipeline's sharpness gate, which measures the whole
 * picture (images.ts), and an altered copy is also under its smallest size.
 */
export async function asSelfie(face: Buffer): Promise<Buffer> {
  const inner = await sharp(face).resize({ width: 640, height: 640, fit: 'inside' }).toBuffer();
  const wall = { type: 'gaussian', mean: 128, sigma: 50 } as const;
  return sharp({
    create: { width: 960, height: 960, channels: 3, background: '#808080', noise: wall },
  })
    .composite([{ input: inner, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
