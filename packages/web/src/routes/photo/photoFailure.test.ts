import { errorCatalogue } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';
import { photoFailure } from './photoFailure';

const blurred = errorCatalogue.photo_blurred.message;

describe('photoFailure', () => {
  it.each<[string, unknown, 'document' | 'selfie', ReturnType<typeof photoFailure>]>([
    [
      'a blurred document, two tries left',
      new ApiError('photo_blurred', 422, blurred, { image: 'document', attemptsLeft: 2 }),
      'document',
      {
        kind: 'retake',
        image: 'document',
        message: `${blurred} You have 2 tries left today.`,
        offerOther: false,
      },
    ],
    [
      'the third unreadable photo: another option',
      new ApiError('photo_no_face', 422, 'No face.', { image: 'selfie', attemptsLeft: 0 }),
      'selfie',
      {
        kind: 'retake',
        image: 'selfie',
        message: `No face. ${checksCopy.triesLeft(0)}`,
        offerOther: true,
      },
    ],
    [
      'too large (not counted), said by the photo it names',
      new ApiError('photo_too_large', 413, 'Too large.', { image: 'selfie' }),
      'document',
      { kind: 'retake', image: 'selfie', message: 'Too large.', offerOther: false },
    ],
    [
      'another photo still being checked: wait, then send it again',
      new ApiError('photo_check_in_progress', 409, 'Wait.', { image: 'selfie' }),
      'selfie',
      { kind: 'retake', image: 'selfie', message: 'Wait.', offerOther: false },
    ],
    [
      'an expired document: no retake helps',
      new ApiError('photo_document_expired', 422, 'Expired.', { image: 'document' }),
      'document',
      { kind: 'retake', image: 'document', message: 'Expired.', offerOther: true },
    ],
    [
      'the day’s tries spent',
      new ApiError('rate_limited', 429, 'Too many.'),
      'selfie',
      { kind: 'retake', image: 'selfie', message: checksCopy.triesLeft(0), offerOther: true },
    ],
    [
      'the selfie before the document',
      new ApiError('photo_document_required', 409, 'Document first.'),
      'selfie',
      { kind: 'retake', image: 'document', message: 'Document first.', offerOther: false },
    ],
    ['signed out', new ApiError('not_signed_in', 401), 'document', { kind: 'login' }],
    [
      'no network',
      new Error('offline'),
      'document',
      { kind: 'failed', message: checksCopy.checkError },
    ],
  ])('%s', (_name, error, sent, expected) => {
    expect(photoFailure(error, sent)).toEqual(expected);
  });
});
