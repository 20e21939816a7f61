import type { PhotoKind } from '@verity/contracts';
import type { EvidenceScores } from '../evidence/evidenceStore.js';
import type { DocumentReading, FaceComparison, ImageProblem, PreparedImage } from './photoId.js';

/** A photo read, or the problem with one of the photos (the one to take again). */
export type PhotoReading<T> =
  { ok: true; value: T } | { ok: false; problem: ImageProblem; image: PhotoKind };

/**
 * A check the provider answers later (a vendor's, answered by its webhook): the provider's
 * reference for it, and the photo as sent (upright, no metadata), kept until it settles.
 */
export interface PendingPhoto {
  pending: string;
  image: PreparedImage;
}

/** A photo read now, or a check to be answered later. */
export type PhotoAnswer<T> = PhotoReading<T> | PendingPhoto;

/** Whether the provider answered later (pending) rather than now. */
export const isPending = <T extends object>(answer: T | PendingPhoto): answer is PendingPhoto =>
  'pending' in answer;

/** A document's photo, read. */
export interface DocumentPhoto {
  /** The photo as kept (upright, no metadata): for the selfie that follows, and disputes. */
  image: PreparedImage;
  reading: DocumentReading;
  /** What this provider's reading scores (GPG45), at most the check registry's. */
  scores: EvidenceScores;
  transactionId: string;
}

/** A selfie compared with the document's photo. */
export interface SelfieComparisonResult {
  image: PreparedImage;
  comparison: FaceComparison;
  /** The selfie's anti-spoof and liveness scores (0..1). */
  liveness: { real: number; live: number };
  /** The same person, and a real, live face: the check passes. */
  passed: boolean;
  scores: EvidenceScores;
  transactionId: string;
}

/**
 * What carries out the photo checks (GenuinePassport, GenuineDrivingLicence, SelfieComparison):
 * the local image pipeline (localPhotoPipeline.ts), or a vendor's API behind the same calls
 * (vendor/vendorPhotoProvider.ts), which answers `pending` and settles later
 * (vendor/pendingPhotoSettle.ts). The routes (routes.ts) do the rest: who may call, limits, matching with the claimed
 * identity, evidence, storage of the photos.
 */
export interface PhotoIdProvider {
  /** Named in evidence (verified_claims' check_details.organization). */
  readonly name: string;
  /**
   * Reads a document's photo. `withFace`: a selfie will be compared with it, so its photo of
   * the holder must be found too (no_face otherwise), before the check is recorded.
   */
  readDocument(
    kind: DocumentReading['kind'],
    bytes: Buffer,
    options: { withFace: boolean },
  ): Promise<PhotoAnswer<DocumentPhoto>>;
  /** Compares a selfie with the face on the document's photo (kept from readDocument). */
  compareSelfie(
    document: PreparedImage,
    selfie: Buffer,
  ): Promise<PhotoAnswer<SelfieComparisonResult>>;
  /** Ends what it keeps running (OCR worker, face models): the server's close calls it. */
  close(): Promise<void>;
}
