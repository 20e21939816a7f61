import { PhotoPipelineUnavailable } from './photoPipelineUnavailable.js';

/**
 * Photos decoded at once per instance: a 64-megapixel photo turned upright holds about 250 MB
 * of pixels, so a burst of uploads must not decode all at once.
 */
export const maxDecodingAtOnce = 2;
/** Uploads waiting for a slot beyond those; more are answered 503 (busy) at once. */
export const maxDecodingWaiting = 4;

/** Runs work at most `active` at a time, queues up to `waiting`, and refuses beyond that. */
export function slots(active: number, waiting: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= active) {
      if (queue.length >= waiting) throw new PhotoPipelineUnavailable('busy');
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/** The decoding slots of this instance (images.ts's prepareImage runs in them). */
export const decoding = slots(maxDecodingAtOnce, maxDecodingWaiting);
