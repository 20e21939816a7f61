/**
 * The face worker thread's entry (started by faceDetector.ts): runs Human's detection on the
 * pixels each message moves here, one at a time, and answers plain data or an error message.
 */
import { parentPort } from 'node:worker_threads';
import { findFaces } from './faceModels.js';
import type { DetectionRequest, DetectionResponse } from './faceDetector.js';

const port = parentPort;
if (!port) throw new Error('faceWorker.ts runs only as a worker thread');

/** Human keeps per-call state: each detection waits for the one before it. */
let queue: Promise<void> = Promise.resolve();

port.on('message', (request: DetectionRequest) => {
  queue = queue.then(async () => {
    let response: DetectionResponse;
    try {
      const pixels = new Uint8Array(request.pixels);
      response = { id: request.id, faces: await findFaces(pixels, request.width, request.height) };
    } catch (error) {
      response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response);
  });
});
