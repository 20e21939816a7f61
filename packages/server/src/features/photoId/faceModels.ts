/**
 * Human (@vladmandic/human) on TensorFlow.js's WebAssembly backend, with every model and the
 * WebAssembly binaries read from node_modules: no network. The models load and run inside the
 * face worker thread (faceWorker.ts, started by faceDetector.ts), never on the server's event
 * loop; only `embeddingSimilarity` runs on the caller's thread.
 *
 * Human's package maps only its root in `exports` (to the build that needs @tensorflow/tfjs-node,
 * which downloads at install), so the WebAssembly build beside it is required by its path.
 */
import type { io } from '@tensorflow/tfjs-core';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
/** The same tfjs-core instance Human's build requires (one copy, hoisted). */
const tf = require('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');

/**
 * Only the face pipeline: the detector (BlazeFace), the mesh (its landmarks rotate and crop the
 * face for the embedding), the description model (FaceRes, a 1024-number embedding), the
 * anti-spoof and liveness models. Caching between calls is off (it is for video frames).
 */
export const faceModelConfig: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`,
  wasmPlatformFetch: false,
  modelBasePath: pathToFileURL(path.join(humanDist, '../models/')).href,
  cacheModels: false,
  cacheSensitivity: 0,
  debug: false,
  async: false,
  warmup: 'none',
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: {
      rotation: true,
      maxDetected: 10,
      minConfidence: 0.5,
      iouThreshold: 0.1,
      skipFrames: 0,
      skipTime: 0,
      return: false,
    },
    mesh: { enabled: true },
    iris: { enabled: false },
    attention: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: true, skipFrames: 0, skipTime: 0 },
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
};

/**
 * tfjs-core reads model files over HTTP unless @tensorflow/tfjs-node registers its file system
 * handler; this one reads `file://` model JSON and weight shards from disk instead.
 */
let routerRegistered = false;
function registerFileLoader(): void {
  if (routerRegistered) return;
  routerRegistered = true;
  // tfjs's routers answer null for a URL they do not handle; its type says otherwise.
  const fileRouter = (url: string | string[]): io.IOHandler | null => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: async () => {
        const json = JSON.parse(await readFile(file, 'utf8')) as io.ModelJSON;
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const shards: Buffer[] = [];
          const specs: io.WeightsManifestEntry[] = [];
          for (const group of manifest) {
            for (const shard of group.paths)
              shards.push(await readFile(path.join(path.dirname(file), shard)));
            specs.push(...group.weights);
          }
          const weights = Buffer.concat(shards);
          const data = weights.buffer.slice(
            weights.byteOffset,
            weights.byteOffset + weights.byteLength,
          );
          return [specs, data as ArrayBuffer];
        });
      },
    };
  };
  tf.io.registerLoadRouter(fileRouter as Parameters<typeof tf.io.registerLoadRouter>[0]);
}

interface HumanModule {
  Human: new (config: Partial<Config>) => Human;
  match: { similarity(a: number[], b: number[]): number };
}
let humanModule: HumanModule | null = null;
/** Human's WebAssembly build (and TensorFlow.js), required on first use, not at server start. */
function humanBuild(): HumanModule {
  humanModule ??= require(path.join(humanDist, 'human.node-wasm.js')) as HumanModule;
  return humanModule;
}

/**
 * Human's similarity of two embeddings, 0..1: Euclidean distance mapped with its default options
 * (multiplier 25, normalised to the 0.2..0.8 range and clamped). Different lengths: 0.
 */
export function embeddingSimilarity(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  return humanBuild().match.similarity(a, b);
}

/**
 * The WebAssembly module's Emscripten glue adds process-wide `uncaughtException` and
 * `unhandledRejection` listeners that rethrow (printing the whole minified module as the
 * source line). Inside the face worker too (checked: one of each is added on load); removed, an
 * error there reaches the server as the worker's ordinary 'error' event and rejects the
 * detections waiting, and the worker is started again on the next call.
 */
async function withoutProcessHandlers<T>(load: () => Promise<T>): Promise<T> {
  const exceptions = new Set(process.listeners('uncaughtException'));
  const rejections = new Set(process.listeners('unhandledRejection'));
  try {
    return await load();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!exceptions.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!rejections.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

let loading: Promise<Human> | null = null;

/** The one Human of this thread, loaded on first use; concurrent first calls share the load. */
function human(): Promise<Human> {
  loading ??= (async () => {
    registerFileLoader();
    const instance = new (humanBuild().Human)(faceModelConfig);
    await withoutProcessHandlers(() => instance.load());
    const missing = Object.entries(instance.models.models).filter(
      ([name, model]) =>
        model === null &&
        ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'].includes(name),
    );
    if (missing.length > 0)
      throw new Error(`face models not loaded: ${missing.map(([name]) => name).join(', ')}`);
    return instance;
  })();
  loading.catch(() => {
    loading = null; // let a later call try again
  });
  return loading;
}

/** What the callers use of Human's FaceResult, as plain data (it crosses threads). */
export interface DetectedFace {
  /** x, y, width, height in the given pixels. */
  box: [number, number, number, number];
  /** The detector's confidence, 0..1. */
  score: number;
  /** FaceRes's embedding; empty when the face could not be described. */
  embedding: number[];
  /** Anti-spoof and liveness scores, 0..1 (0 when the model gave none). */
  real: number;
  live: number;
}

function plain(face: FaceResult): DetectedFace {
  const [x, y, width, height] = face.box;
  return {
    box: [x, y, width, height],
    score: face.score,
    embedding: Array.from(face.embedding ?? []),
    real: face.real ?? 0,
    live: face.live ?? 0,
  };
}

/**
 * Every face Human finds in upright RGB pixels (width × height × 3 bytes). Human keeps per-call
 * state (its last result, model caches): the caller runs one at a time (faceWorker.ts).
 */
export async function findFaces(
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<DetectedFace[]> {
  const instance = await human();
  const input = instance.tf.tensor4d(new Int32Array(rgb), [1, height, width, 3], 'int32');
  try {
    const result = await instance.detect(input);
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    return result.face.map(plain);
  } finally {
    instance.tf.dispose(input);
  }
}
