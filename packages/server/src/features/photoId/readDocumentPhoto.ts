import { isoToday, type CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { documentRefusal } from './documentPhoto.js';
import type { DocumentReading } from './photoId.js';
import type { DocumentPhoto, PhotoIdProvider } from './photoIdProvider.js';
import { imageProblemCodes, retakePhoto } from './photoProblems.js';

/**
 * A document's photo read and acceptable, for the document's check and for the document taken
 * again for a selfie alike: an image problem or a misread is a retake counted against
 * `counted`'s tries; a document not accepted (not UK, expired) is said next to the photo.
 */
export async function readAcceptableDocument(
  ctx: AppContext,
  provider: PhotoIdProvider,
  counted: CheckName,
  accountId: string,
  kind: DocumentReading['kind'],
  bytes: Buffer,
  withFace: boolean,
): Promise<DocumentPhoto> {
  const read = await provider.readDocument(kind, bytes, { withFace });
  if (!read.ok)
    throw await retakePhoto(ctx, counted, accountId, imageProblemCodes[read.problem], 'document');
  const refusal = documentRefusal(read.value.reading, isoToday());
  if (refusal === 'photo_details_inconsistent')
    throw await retakePhoto(ctx, counted, accountId, refusal, 'document');
  if (refusal) throw new ApiError(refusal, undefined, { image: 'document' });
  return read.value;
}
