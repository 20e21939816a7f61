/**
 * One Tesseract worker (tesseract.js: Tesseract's LSTM engine in WebAssembly, in a worker
 * thread), created on first use and reused; jobs run one at a time. The English model comes
 * from the @tesseract.js-data/eng package on disk (never a CDN), and nothing is cached to disk.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model (2.9 MB): the engine this worker runs, and the smallest. */
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function theWorker(): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  // A worker that failed to start is not kept: the next job tries again.
  worker.catch(() => (worker = null));
  return worker;
}

export interface OcrOptions {
  /** Tesseract's page segmentation: one line of text, or a page laid out in blocks. */
  layout: 'line' | 'page';
  /** Only these characters are recognised; empty: any. */
  whitelist: string;
}

export interface OcrLine {
  text: string;
  /** 0-100, Tesseract's confidence in the line. */
  confidence: number;
}

/** The text lines Tesseract reads in a PNG; one job at a time on the shared worker. */
export function recognise(png: Buffer, options: OcrOptions): Promise<OcrLine[]> {
  const job = queue.then(async () => {
    const ocr = await theWorker();
    await ocr.setParameters({
      tessedit_pageseg_mode: options.layout === 'line' ? PSM.SINGLE_LINE : PSM.AUTO,
      tessedit_char_whitelist: options.whitelist,
      // PNGs from sharp say 72 dpi, which Tesseract distrusts (and says so on stderr); the
      // images are scaled for it, so the resolution it assumes is told instead.
      user_defined_dpi: '300',
      debug_file: '/dev/null',
    });
    const { data } = await ocr.recognize(png, {}, { text: true, blocks: true });
    const lines = (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) => paragraph.lines),
    );
    return lines.map((line) => ({ text: line.text.trim(), confidence: line.confidence }));
  });
  queue = job.catch(() => undefined);
  return job;
}

/** Ends the worker (the server's close hook); the next job starts a new one. */
export async function closeOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}
