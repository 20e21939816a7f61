import { randomUUID } from 'node:crypto';
import type { EvidenceScores } from '../evidence/evidenceStore.js';
import { closeDocumentReader, readDrivingLicence, readPassport } from './documentReader.js';
import {
  closeFaces,
  compareFaces,
  faceInSelfie,
  faceOnDocument,
  recommendedMinimumLive,
  recommendedMinimumReal,
} from './faces.js';
import { decoding } from './decodeSlots.js';
import { prepareImage } from './images.js';
import type { DocumentReading } from './photoId.js';
import type { PhotoIdProvider } from './photoIdProvider.js';

/**
 * The least anti-spoof (`real`) and liveness (`live`) scores a selfie needs, besides the face
 * match (faces.ts's threshold): faces.ts's measured minimums. Passive, from one picture: they
 * stop very low scores, not a photo of a photo (docs/flows/identity-checks.md).
 */
export const selfieLivenessThresholds = {
  real: recommendedMinimumReal,
  live: recommendedMinimumLive,
};

/**
 * GPG45 scores of the local pipeline's readings (docs/flows/identity-checks.md): a photo and
 * its printed data show the document's details but cannot prove it genuine (no chip read, no
 * security features), so a passport scores validity 2, not the 3 of a chip read; a licence's
 * printed issue date gives activity 1 (as GOV.UK's app check); a face match with passive
 * liveness only scores verification 2, not the 3 of GOV.UK's biometric verification with
 * presentation-attack detection: measured, it did not tell a photo of a photo from a real
 * face, and the selfie may be a file (the registry's most stays 3, for a vendor that does).
 */
export function localDocumentScores(reading: DocumentReading): EvidenceScores {
  if (reading.kind === 'passport')
    return { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 };
  return {
    strength: 3,
    validity: 2,
    activity: reading.issueDate ? 1 : 0,
    fraud: 0,
    verification: 0,
  };
}

const selfieScores: EvidenceScores = {
  strength: 0,
  validity: 0,
  activity: 0,
  fraud: 0,
  verification: 2,
};

/** The photo checks carried out on this machine (images.ts, documentReader.ts, faces.ts). */
export const localPhotoPipeline: PhotoIdProvider = {
  name: 'verity-local-photo',

  async readDocument(kind, bytes, { withFace }) {
    const prepared = await decoding(() => prepareImage(bytes));
    if (!prepared.ok) return { ok: false, problem: prepared.problem, image: 'document' };
    const image = prepared.value;
    const read = kind === 'passport' ? await readPassport(image) : await readDrivingLicence(image);
    if (!read.ok) return { ok: false, problem: read.problem, image: 'document' };
    if (withFace) {
      const face = await faceOnDocument(image, kind);
      if (!face.ok) return { ok: false, problem: face.problem, image: 'document' };
    }
    return {
      ok: true,
      value: {
        image,
        reading: read.value,
        scores: localDocumentScores(read.value),
        transactionId: randomUUID(),
      },
    };
  },

  async compareSelfie(document, selfie) {
    const prepared = await decoding(() => prepareImage(selfie, { purpose: 'selfie' }));
    if (!prepared.ok) return { ok: false, problem: prepared.problem, image: 'selfie' };
    const inSelfie = await faceInSelfie(prepared.value);
    if (!inSelfie.ok) return { ok: false, problem: inSelfie.problem, image: 'selfie' };
    const onDocument = await faceOnDocument(document);
    if (!onDocument.ok) return { ok: false, problem: onDocument.problem, image: 'document' };
    const comparison = compareFaces(onDocument.value, inSelfie.value);
    const liveness = { real: inSelfie.value.real, live: inSelfie.value.live };
    const passed =
      comparison.match &&
      liveness.real >= selfieLivenessThresholds.real &&
      liveness.live >= selfieLivenessThresholds.live;
    return {
      ok: true,
      value: {
        image: prepared.value,
        comparison,
        liveness,
        passed,
        scores: selfieScores,
        transactionId: randomUUID(),
      },
    };
  },

  async close() {
    await Promise.all([closeDocumentReader(), closeFaces()]);
  },
};
