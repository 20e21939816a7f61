/**
 * One Tesseract worker (tesseract.js: Tesseract's LSTM engine in WebAssembly, in a worker
 * thread), created on first use and reused; jobs run one at a time. The English model comes
 * from the @tesseract.js-data/eng package on disk (never a CDN), and nothing is cached to disk.
 *
 * A failed job, a dead worker or one that takes longer than `ocrTimeoutMs` ends that worker
 * (the next job starts a new one) and rejects with PhotoPipelineUnavailable: one bad job must
 * neither crash the server nor block every other user's check.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { PhotoPipelineUnavailable, withTimeout } from './photoPipelineUnavailable.js';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model (2.9 MB): the engine this worker runs, and the smallest. */
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/**
 * The longest one OCR job may take, the worker's start included (its model loads in about
 * 0.3 s): a read costs 0.1-0.6 s of CPU (bench/README.md), so 20 s allows a machine loaded
 * many times over, and still frees the queue of a hung WebAssembly job.
 */
export const ocrTimeoutMs = 20_000;
/** The longest the close hook waits for a worker to end. */
const terminateTimeoutMs = 5_000;

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function theWorker(): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    // Without it tesseract.js 7 throws a rejected job's error inside its message listener
    // (an uncaught exception: the process exits); the job's own promise still rejects.
    errorHandler: () => undefined,
  });
  return worker;
}

/** Ends `current` and forgets it if it is still the shared worker (the next job starts one). */
function discard(current: Promise<Worker>): Promise<void> {
  if (worker === current) worker = null;
  const ended = current.then((ocr) => ocr.terminate()).then(() => undefined);
  return withTimeout(ended, terminateTimeoutMs, () => undefined).catch(() => undefined);
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

async function read(ocr: Worker, png: Buffer, options: OcrOptions): Promise<OcrLine[]> {
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
}

/**
 * The text lines Tesseract reads in a PNG; one job at a time on the shared worker. Rejects
 * with PhotoPipelineUnavailable when the job fails or takes over `timeoutMs` (the worker is
 * then ended and the next job starts a new one).
 */
export function recognise(
  png: Buffer,
  options: OcrOptions,
  timeoutMs = ocrTimeoutMs,
): Promise<OcrLine[]> {
  const job = queue.then(async () => {
    const current = theWorker();
    try {
      const work = current.then((ocr) => read(ocr, png, options));
      return await withTimeout(work, timeoutMs, () => void discard(current));
    } catch (error) {
      await discard(current);
      throw new PhotoPipelineUnavailable('ocr', { cause: error });
    }
  });
  queue = job.catch(() => undefined);
  return job;
}

/**
 * Ends the worker (the server's close hook), after the job under way (at most its timeout);
 * the next job starts a new one.
 */
export async function closeOcr(): Promise<void> {
  await queue;
  const current = worker;
  if (current) await discard(current);
}
