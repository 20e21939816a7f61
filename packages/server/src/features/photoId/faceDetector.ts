/**
 * Face detection off the event loop: Human's models run in one worker thread (faceWorker.ts),
 * started on the first detection and shared by every caller, so the 0.2-0.4 s of CPU each
 * detection costs does not stop the server answering anyone else. The pixels move to the
 * worker (transferred, not copied, where their memory allows); the faces come back as plain
 * data.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DetectedFace } from './faceModels.js';
import { PhotoPipelineUnavailable, withTimeout } from './photoPipelineUnavailable.js';

/**
 * The longest one detection may take, counted from when it is asked (so the ones queued before
 * it, and the models' first load of about 2 s, are included): a detection costs 0.2-0.4 s of
 * CPU (bench/README.md), so 20 s allows a machine loaded many times over and still frees every
 * caller from a hung worker, which is then ended (the next detection starts a new one).
 */
export const faceDetectionTimeoutMs = 20_000;
/** The longest the close hook waits for a worker to end. */
const terminateTimeoutMs = 5_000;

/** A message to the worker: the pixels' memory moves with it. */
export interface DetectionRequest {
  id: number;
  pixels: ArrayBuffer;
  width: number;
  height: number;
}

export type DetectionResponse =
  { id: number; faces: DetectedFace[] } | { id: number; error: string };

interface Pending {
  resolve(faces: DetectedFace[]): void;
  reject(error: Error): void;
}

/**
 * The worker's entry beside this file: faceWorker.js in the compiled server (dist/). When the
 * tests import the sources it is faceWorker.ts, which a worker can load only through tsx (a
 * dev dependency; the server never runs the sources): its API registers its hooks inside the
 * worker first, as Node 20 ignores `--import` in a worker's execArgv.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./faceWorker.js', import.meta.url));
  // require.resolve finds tsx's CommonJS build of its API; its ES module build is beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./faceWorker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(pathToFileURL(api).href)})
    .then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;
/** Settles when every detection asked for so far has answered. */
let lastDetection: Promise<unknown> = Promise.resolve();

/**
 * Every waiting detection fails with PhotoPipelineUnavailable; the worker is ended and
 * forgotten (the next call starts one).
 */
function fail(from: Worker, error: Error): void {
  if (worker !== from) return;
  worker = null;
  const unavailable = new PhotoPipelineUnavailable('faces', { cause: error });
  for (const request of pending.values()) request.reject(unavailable);
  pending.clear();
  from.removeAllListeners();
  from.on('error', () => undefined); // ending it may still report an error
  void from.terminate();
}

function running(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.on('message', (response: DetectionResponse) => {
    const request = pending.get(response.id);
    if (!request) return;
    pending.delete(response.id);
    // Idle, the worker must not keep the process (a test run, the server stopping) alive.
    if (pending.size === 0) started.unref();
    if ('error' in response)
      request.reject(new PhotoPipelineUnavailable('faces', { cause: new Error(response.error) }));
    else request.resolve(response.faces);
  });
  started.on('error', (error) => fail(started, error));
  started.on('messageerror', (error) => fail(started, error));
  started.on('exit', (code) => fail(started, new Error(`face worker exited (code ${code})`)));
  started.unref();
  worker = started;
  return started;
}

/** The pixels' own memory when `rgb` spans all of it; else a copy (a view into a larger pool). */
function pixelsOf(rgb: Buffer): ArrayBuffer {
  const whole = rgb.buffer instanceof ArrayBuffer && rgb.byteOffset === 0;
  return whole && rgb.byteLength === rgb.buffer.byteLength
    ? rgb.buffer
    : new Uint8Array(rgb).buffer;
}

/**
 * Moves the pixels to the worker. Memory that V8 does not own cannot move (sharp's output
 * Buffers are native memory): Node 20 copies it instead (checked); a version that refuses it
 * with a DataCloneError gets it sent as a copy.
 */
function post(target: Worker, request: DetectionRequest): void {
  try {
    target.postMessage(request, [request.pixels]);
  } catch (error) {
    if ((error as Error).name !== 'DataCloneError') throw error;
    target.postMessage(request);
  }
}

/**
 * Every face Human finds in upright RGB pixels (width × height × 3 bytes). The pixels' memory
 * moves to the worker where it can (`rgb` is then empty afterwards: the caller must not use it
 * again). Detections run one at a time, in order. Rejects with PhotoPipelineUnavailable when
 * the detection fails, the worker dies, or no answer comes within `timeoutMs` (the worker is
 * then ended, and every detection waiting on it rejected).
 */
export function detectFaces(
  rgb: Buffer,
  width: number,
  height: number,
  timeoutMs = faceDetectionTimeoutMs,
): Promise<DetectedFace[]> {
  const target = running();
  const id = nextId++;
  const detection = new Promise<DetectedFace[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.ref(); // a detection under way keeps the process alive until it answers
    try {
      post(target, { id, pixels: pixelsOf(rgb), width, height });
    } catch (error) {
      pending.delete(id);
      if (pending.size === 0) target.unref();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  const bounded = withTimeout(detection, timeoutMs, () =>
    fail(target, new Error(`no answer in ${timeoutMs} ms`)),
  );
  lastDetection = Promise.allSettled([lastDetection, bounded]);
  return bounded.catch((error: unknown) => {
    throw error instanceof PhotoPipelineUnavailable
      ? error
      : new PhotoPipelineUnavailable('faces', { cause: error });
  });
}

/**
 * Ends the worker (the server's close hook calls it), after the detections under way answer
 * (each within its timeout); its models go with it. A later detection starts a new one.
 */
export async function closeFaceDetector(): Promise<void> {
  await lastDetection;
  const current = worker;
  if (!current) return;
  worker = null;
  current.removeAllListeners();
  current.on('error', () => undefined);
  await withTimeout(current.terminate(), terminateTimeoutMs, () => undefined).catch(
    () => undefined,
  );
}
