/**
 * The local photo pipeline could not answer: its OCR or face worker failed, died or took
 * longer than its timeout (and was restarted for the next call), or too many images are being
 * decoded at once; or the photo checks' vendor (stage 'vendor') did not answer, answered an
 * error or took longer than its timeout. Not the user's photo's fault, so not a retake: the error handler answers
 * 503 `service_unavailable` with Retry-After, as for the other providers' outages.
 */
export class PhotoPipelineUnavailable extends Error {
  constructor(
    readonly stage: 'ocr' | 'faces' | 'busy' | 'vendor',
    options?: { cause?: unknown },
  ) {
    const cause = options?.cause;
    const why = cause instanceof Error ? cause.message : cause === undefined ? '' : String(cause);
    super(`photo pipeline unavailable (${stage})${why ? `: ${why}` : ''}`, options);
    this.name = 'PhotoPipelineUnavailable';
  }
}

/**
 * `work`, or a rejection after `ms` (the timer does not keep the process alive); `onTimeout`
 * runs first, to end what hangs.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
