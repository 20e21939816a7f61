import { isoToday, type CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { documentRefusal } from './documentPhoto.js';
import type { DocumentReading } from './photoId.js';
import {
  isPending,
  type DocumentPhoto,
  type PendingPhoto,
  type PhotoIdProvider,
  type PhotoReading,
} from './photoIdProvider.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

/**
 * A document's photo read and acceptable, for the document's check and for the document taken
 * again for a selfie alike: an image problem or a misread is a retake counted against
 * `counted`'s tries; a document not accepted (not UK, expired) is said next to the photo.
 * A provider that answers later (a vendor) gives its pending check instead, made acceptable
 * when it settles (vendor/pendingPhotoSettle.ts).
 */
export async function readAcceptableDocument(
  ctx: AppContext,
  provider: PhotoIdProvider,
  counted: CheckName,
  accountId: string,
  kind: DocumentReading['kind'],
  bytes: Buffer,
  withFace: boolean,
): Promise<DocumentPhoto | PendingPhoto> {
  const read = await provider.readDocument(kind, bytes, { withFace });
  if (isPending(read)) return read;
  return acceptableDocument(ctx, counted, accountId, read);
}

/** A document's reading, acceptable (else the retake or refusal readAcceptableDocument says). */
export async function acceptableDocument(
  ctx: AppContext,
  counted: CheckName,
  accountId: string,
  read: PhotoReading<DocumentPhoto>,
): Promise<DocumentPhoto> {
  if (!read.ok)
    throw await retakePhoto(ctx, counted, accountId, imageProblemCodes[read.problem], 'document');
  const refusal = documentRefusal(read.value.reading, isoToday());
  if (refusal === 'photo_details_inconsistent')
    throw await retakePhoto(ctx, counted, accountId, refusal, 'document');
  if (refusal) throw new ApiError(refusal, undefined, { image: 'document' });
  return read.value;
}
