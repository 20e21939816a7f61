// Issue 20 item 6: the CPU of the local photo-ID pipeline's document step, per photo:
// prepareImage (decode, orient, strip, scale, blur and glare) then readPassport (MRZ found,
// OCR per line, corrected, parsed) or readDrivingLicence (OCR of the card, fields 1-5).
// CPU is the whole process's user + system time (process.cpuUsage: the main thread, libvips's
// threads and Tesseract's worker thread), divided by the photos read; photos are encoded
// before the timed loop. The OCR worker is started and warmed up first (its start is reported
// on its own: the server pays it once).
//
// Photos: the test specimens (packages/server/test/photoSpecimens.ts) as a camera gives them,
// a JPEG at quality 85: the document filling a 1000 px frame, and a 12-megapixel phone photo
// (4000 × 3000) with the document over 85 % of its width, level and turned by 4 degrees.
//
// Then the whole check of the budget (item 6): document and selfie prepared, document
// read, a face found on each (faces.ts) and compared.
//
// Run: npm run build && node bench/photoId.js   (results: bench/README.md)
// Settings: BENCH_ROUNDS (photos per scenario, default 5).
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { prepareImage } from '../packages/server/dist/features/photoId/images.js';
import {
  closeDocumentReader,
  readDrivingLicence,
  readPassport,
} from '../packages/server/dist/features/photoId/documentReader.js';
import {
  closeFaces,
  compareFaces,
  faceInSelfie,
  faceOnDocument,
} from '../packages/server/dist/features/photoId/faces.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const specimens = await tsImport('../packages/server/test/photoSpecimens.ts', import.meta.url);
const faces = await tsImport('../packages/server/test/photoFaces.ts', import.meta.url);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A document rendered `width` px wide, centred on a 4000 × 3000 table, as a phone's JPEG;
 * turned by `degrees` (held at a slant: the reader straightens it first).
 */
async function phonePhoto(render, degrees = 0) {
  const flat = await render(3400);
  const document = await sharp(flat).rotate(degrees, { background: '#3a3f45' }).png().toBuffer();
  const { width, height } = await sharp(document).metadata();
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3a3f45' } })
    .composite([{ input: document, left: (4000 - width) >> 1, top: (3000 - height) >> 1 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const passportPage = (width) => specimens.renderPassportPage({ width });
const licenceCard = (width) => specimens.renderLicenceCard({ width });

const scenarios = [
  {
    name: 'passport: prepareImage + readPassport, 1000 px JPEG',
    photo: await specimens.asJpeg(await passportPage(1000)),
    read: readPassport,
  },
  {
    name: 'passport: prepareImage + readPassport, 12 MP phone JPEG',
    photo: await phonePhoto(passportPage),
    read: readPassport,
  },
  {
    name: 'passport: prepareImage + readPassport, 12 MP phone JPEG at 4°',
    photo: await phonePhoto(passportPage, 4),
    read: readPassport,
  },
  {
    name: 'licence: prepareImage + readDrivingLicence, 1000 px JPEG',
    photo: await specimens.asJpeg(await licenceCard(1000)),
    read: readDrivingLicence,
  },
  {
    name: 'licence: prepareImage + readDrivingLicence, 12 MP phone JPEG',
    photo: await phonePhoto(licenceCard),
    read: readDrivingLicence,
  },
  {
    name: 'licence: prepareImage + readDrivingLicence, 12 MP phone JPEG at -4°',
    photo: await phonePhoto(licenceCard, -4),
    read: readDrivingLicence,
  },
];

/** One photo through both steps; the CPU ms of each, and whether it read. */
async function once({ photo, read }) {
  const start = cpuMs();
  const prepared = await prepareImage(photo);
  const prepareMs = cpuMs() - start;
  if (!prepared.ok) return { prepareMs, readMs: 0, ok: false, problem: prepared.problem };
  const reading = await read(prepared.value);
  return {
    prepareMs,
    readMs: cpuMs() - start - prepareMs,
    ok: reading.ok,
    problem: reading.problem,
  };
}

// The worker's start, then one warm-up read of each scenario (JIT, WebAssembly tiers).
let start = cpuMs();
await once(scenarios[0]);
process.stderr.write(`OCR worker start + first read: ${(cpuMs() - start).toFixed(0)} ms CPU\n`);
for (const s of scenarios) await once(s);

// Round after round, scenario after scenario, so each meets the same load from the machine.
const totals = scenarios.map(() => ({ prepareMs: [], totalMs: [], failures: new Set() }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, s] of scenarios.entries()) {
    const { prepareMs, readMs, ok, problem } = await once(s);
    totals[i].prepareMs.push(prepareMs);
    totals[i].totalMs.push(prepareMs + readMs);
    if (!ok) totals[i].failures.add(problem);
  }
}

// The whole check as the issue budgets it: the document photo prepared and read, its portrait
// found, the selfie prepared and its one face found, the two compared. The document carries
// a real face (test/photoFaces.ts) where its portrait goes; the selfie is an altered copy.
const face = await faces.portrait(0);
const selfie = await faces.alteredCopy(face);
const checks = [
  {
    name: 'passport check: 12 MP phone JPEG of the page, 1000 px selfie',
    photo: await phonePhoto((width) => specimens.renderPassportPage({ width, portrait: face })),
    read: readPassport,
  },
  {
    name: 'licence check: 12 MP phone JPEG of the card, 1000 px selfie',
    photo: await phonePhoto((width) => specimens.renderLicenceCard({ width, portrait: face })),
    read: readDrivingLicence,
  },
];
async function check({ photo, read }) {
  const start = cpuMs();
  const page = await prepareImage(photo);
  const self = await prepareImage(selfie, { purpose: 'selfie' });
  if (!page.ok || !self.ok) throw new Error('a photo was refused');
  const reading = await read(page.value);
  const onDocument = await faceOnDocument(page.value);
  const inSelfie = await faceInSelfie(self.value);
  if (!reading.ok || !onDocument.ok || !inSelfie.ok) {
    throw new Error(
      `${read.name}: ${JSON.stringify([reading, onDocument, inSelfie].filter((r) => !r.ok))}`,
    );
  }
  const { match } = compareFaces(onDocument.value, inSelfie.value);
  return { ms: cpuMs() - start, match };
}
for (const c of checks) await check(c); // warm-up: the face models' load
const checkMs = checks.map(() => []);
const matches = checks.map(() => 0);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, c] of checks.entries()) {
    const { ms, match } = await check(c);
    checkMs[i].push(ms);
    if (match) matches[i]++;
  }
}
await closeDocumentReader();
await closeFaces();

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const max = (values) => Math.max(...values);
process.stdout.write(
  `\n| Scenario | photos | CPU ms mean | CPU ms max | of which prepareImage | not read |\n|---|---|---|---|---|---|\n`,
);
for (const [i, s] of scenarios.entries()) {
  const t = totals[i];
  process.stdout.write(
    `| ${s.name} | ${ROUNDS} | ${mean(t.totalMs).toFixed(0)} | ${max(t.totalMs).toFixed(0)} | ${mean(t.prepareMs).toFixed(0)} | ${[...t.failures].join(', ') || 0} |\n`,
  );
}
process.stdout.write(
  `\n| Whole check | checks | CPU ms mean | CPU ms max | faces matched |\n|---|---|---|---|---|\n`,
);
for (const [i, c] of checks.entries()) {
  process.stdout.write(
    `| ${c.name} | ${ROUNDS} | ${mean(checkMs[i]).toFixed(0)} | ${max(checkMs[i]).toFixed(0)} | ${matches[i]} |\n`,
  );
}
