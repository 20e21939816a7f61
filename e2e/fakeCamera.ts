import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * Chromium's flags for a fake camera that shows `file` (a Y4M video, see `writeY4mStill`) and
 * grants the page's camera request without asking.
 */
export const fakeCameraArgs = (file: string): string[] => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

/**
 * Writes `image` as a one-frame Y4M video (YUV 4:2:0, BT.601 full range, which Chromium's fake
 * capture loops), `side` pixels square: what a webcam pointed at that picture would show.
 */
export async function writeY4mStill(file: string, image: Buffer, side: number): Promise<void> {
  const { data } = await sharp(image)
    .resize(side, side, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const half = side / 2;
  const y = Buffer.alloc(side * side);
  const u = Buffer.alloc(half * half);
  const v = Buffer.alloc(half * half);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let row = 0; row < side; row += 1)
    for (let column = 0; column < side; column += 1) {
      const at = (row * side + column) * 3;
      const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
      y[row * side + column] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && column % 2 === 0) {
        const chroma = (row / 2) * half + column / 2;
        u[chroma] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[chroma] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  const header = `YUV4MPEG2 W${side} H${side} F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\nFRAME\n`;
  await writeFile(file, Buffer.concat([Buffer.from(header), y, u, v]));
}
