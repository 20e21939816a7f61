import { isPhotoRetakeCode, type PhotoKind } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { checkFailure, type CheckFailure } from '../../components/checks/checkFailure';
import { checksCopy } from '../../copy/checks';

export type PhotoFailure =
  | CheckFailure
  /** A photo to take again, said next to it; `offerOther`: no tries left, or no retake helps. */
  | { kind: 'retake'; image: PhotoKind; message: string; offerOther: boolean };

function detail(details: unknown, name: 'attemptsLeft' | 'image'): unknown {
  return typeof details === 'object' && details !== null && name in details
    ? (details as Record<string, unknown>)[name]
    : undefined;
}

/**
 * What a failed photo call means for the screen (table-tested): a photo problem is said next
 * to the photo it is about, with the tries left today; at none left (three unreadable photos)
 * a different option is offered, as it is for an expired or non-UK document and once the day's
 * tries are spent. Anything else is what it is for every check (checkFailure).
 */
export function photoFailure(error: unknown, sent: PhotoKind): PhotoFailure {
  if (!(error instanceof ApiError)) return checkFailure(error);
  const image =
    detail(error.details, 'image') === 'selfie'
      ? 'selfie'
      : detail(error.details, 'image') === 'document'
        ? 'document'
        : sent;
  if (isPhotoRetakeCode(error.code)) {
    const left = detail(error.details, 'attemptsLeft');
    if (typeof left !== 'number')
      return { kind: 'retake', image, message: error.message, offerOther: false };
    return {
      kind: 'retake',
      image,
      message: `${error.message} ${checksCopy.triesLeft(left)}`,
      offerOther: left === 0,
    };
  }
  switch (error.code) {
    case 'photo_document_expired':
    case 'photo_document_not_accepted':
      return { kind: 'retake', image: 'document', message: error.message, offerOther: true };
    case 'photo_document_required':
      return { kind: 'retake', image: 'document', message: error.message, offerOther: false };
    case 'photo_check_in_progress':
      return { kind: 'retake', image, message: error.message, offerOther: false };
    case 'rate_limited':
      return { kind: 'retake', image, message: checksCopy.triesLeft(0), offerOther: true };
    default:
      return checkFailure(error);
  }
}
