// The face step of a passport or licence check with a selfie (issue 20): CPU per
// faceOnDocument, faceInSelfie and compareFaces, in process, after warm-up. CPU is this
// process's user + system time (process.cpuUsage: every thread, so the main thread, the face
// worker thread that runs Human's WebAssembly, and sharp's libvips threads), so it is the
// step's cost on the machine whatever else runs beside it. The event loop's longest stall
// during the rounds is printed too: the detections run in the worker, not on it.
// Run: npm run build && node bench/faces.js   (results: bench/README.md; BENCH_ROUNDS, default 10)
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import {
  closeFaces,
  compareFaces,
  faceInSelfie,
  faceOnDocument,
} from '../packages/server/dist/features/photoId/faces.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const require = createRequire(path.resolve('packages/server/package.json'));
const assets = path.join(path.dirname(require.resolve('@vladmandic/human')), '../assets');

// A real face from Human's package (as test/photoFaces.ts cuts it), doubled in size.
const face = await sharp(path.join(assets, 'screenshot-facedetect.jpg'))
  .extract({ left: 324, top: 348, width: 146, height: 146 })
  .resize({ width: 292 })
  .toBuffer();

async function prepared(image) {
  const png = await image.png().toBuffer();
  const { width, height } = await sharp(png).metadata();
  return { png, width, height };
}
const canvas = (width, height, colour) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A document page `width` wide (3:2) with the greyscale portrait where a passport's goes. */
async function documentPage(width) {
  const height = Math.round(width * 0.7);
  const photo = await sharp(face)
    .resize(Math.round(width * 0.28), Math.round(width * 0.36), {
      fit: 'contain',
      background: '#888',
    })
    .greyscale()
    .toBuffer();
  return prepared(
    canvas(width, height, '#ece8de').composite([
      { input: photo, left: Math.round(width * 0.05), top: Math.round(width * 0.08) },
    ]),
  );
}

/** A selfie `width` × `height` with the face scaled to a third of the width, in the middle. */
async function selfie(width, height) {
  const size = Math.round(width / 3);
  const scaled = await sharp(face).resize(size).toBuffer();
  return prepared(
    canvas(width, height, '#7d858c').composite([
      { input: scaled, left: Math.round((width - size) / 2), top: Math.round((height - size) / 3) },
    ]),
  );
}

const cases = [
  {
    name: 'document 1000 × 700, selfie 640 × 640',
    document: await documentPage(1000),
    selfie: await selfie(640, 640),
  },
  {
    name: "document 2000 × 1400, selfie 1500 × 2000 (the prepared images' largest)",
    document: await documentPage(2000),
    selfie: await selfie(1500, 2000),
  },
];

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
async function timed(step) {
  const cpu = cpuMs();
  const wall = performance.now();
  const value = await step();
  return { value, cpu: cpuMs() - cpu, wall: performance.now() - wall };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values) => Math.max(...values);

const load = await timed(() => faceInSelfie(cases[0].selfie));
process.stdout.write(
  `first call (loads the models, compiles the kernels): ${load.cpu.toFixed(0)} ms CPU, ${load.wall.toFixed(0)} ms\n`,
);
for (const c of cases) {
  await faceOnDocument(c.document);
  await faceInSelfie(c.selfie);
}

// The longest gap between ticks of a 10 ms timer while the rounds run: the event loop's stall.
let longestStall = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - lastTick - 10);
  lastTick = now;
}, 10);

process.stdout.write(
  `\n${ROUNDS} rounds after warm-up; CPU ms (median / max)\n\n| Images | faceOnDocument | faceInSelfie | compareFaces | face step | similarity |\n|---|---|---|---|---|---|\n`,
);
for (const c of cases) {
  const rows = [];
  for (let i = 0; i < ROUNDS; i++) {
    const document = await timed(() => faceOnDocument(c.document));
    const self = await timed(() => faceInSelfie(c.selfie));
    if (!document.value.ok || !self.value.ok) throw new Error(`${c.name}: no face found`);
    const compare = await timed(() => compareFaces(document.value.value, self.value.value));
    rows.push({
      document: document.cpu,
      selfie: self.cpu,
      compare: compare.cpu,
      similarity: compare.value.similarity,
    });
  }
  const column = (key) => rows.map((r) => r[key]);
  const cell = (key) => `${median(column(key)).toFixed(1)} / ${max(column(key)).toFixed(1)}`;
  const total = rows.map((r) => r.document + r.selfie + r.compare);
  process.stdout.write(
    `| ${c.name} | ${cell('document')} | ${cell('selfie')} | ${cell('compare')} | ${median(total).toFixed(0)} / ${max(total).toFixed(0)} | ${rows[0].similarity} |\n`,
  );
}
clearInterval(ticker);
process.stdout.write(
  `\nlongest event-loop stall during the rounds: ${longestStall.toFixed(0)} ms\n`,
);
await closeFaces();
