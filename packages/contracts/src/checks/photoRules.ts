import type { ErrorCode } from '../errors.js';

/**
 * Photo ID (issue 20): what the document-photo and selfie screens and the server share. The
 * server refuses a larger body with photo_too_large (its image pipeline's own limit is the
 * same; a test holds them equal); the screens say so before sending.
 */
export const photoMaxBytes = 10 * 1024 * 1024;

/**
 * The file types the screens offer; the server reads the type from the bytes themselves. No
 * HEIC: the server cannot decode it, and iOS Safari converts a HEIC photo to JPEG only when
 * the field does not accept HEIC.
 */
export const photoAcceptTypes = 'image/jpeg,image/png,image/webp';

/**
 * The errors that mean 'take this photo again' (a counted try, never a failed check). Their
 * `details` say which photo (`image`: 'document' or 'selfie') and the tries left today
 * (`attemptsLeft`); at 0 the screen offers a different option.
 */
export const photoRetakeCodes = [
  'photo_unsupported_type',
  'photo_too_large',
  'photo_corrupt',
  'photo_too_small',
  'photo_blurred',
  'photo_glare',
  'photo_no_document',
  'photo_mrz_unreadable',
  'photo_no_face',
  'photo_several_faces',
  'photo_details_inconsistent',
  'photo_document_not_same',
] as const satisfies readonly ErrorCode[];

export type PhotoRetakeCode = (typeof photoRetakeCodes)[number];

export function isPhotoRetakeCode(code: string): code is PhotoRetakeCode {
  return (photoRetakeCodes as readonly string[]).includes(code);
}

/** Which photo a photo error is about, from its details. */
export type PhotoKind = 'document' | 'selfie';
