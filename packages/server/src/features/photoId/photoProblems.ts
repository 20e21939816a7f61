import type { CheckName, ErrorCode, PhotoKind } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { attemptSubject, checkLimits } from '../checks/checkStep.js';
import type { ImageProblem } from './photoId.js';

/** Each image problem's catalogue error: a retake prompt said next to the photo. */
export const imageProblemCodes: Record<ImageProblem, ErrorCode> = {
  unsupported_type: 'photo_unsupported_type',
  too_large: 'photo_too_large',
  corrupt: 'photo_corrupt',
  too_small: 'photo_too_small',
  blurred: 'photo_blurred',
  glare: 'photo_glare',
  no_document: 'photo_no_document',
  mrz_unreadable: 'photo_mrz_unreadable',
  no_face: 'photo_no_face',
  several_faces: 'photo_several_faces',
};

/**
 * A photo to take again, after the attempt was counted (checkAllowed: 3 per check, user and
 * day, like a details check's 'no record'): the error says which photo and how many tries are
 * left today. At 0, the screen offers a different option: three unreadable photos in a row
 * (a readable one ends the check, passed or failed) send the user to another way.
 */
export async function retakePhoto(
  ctx: AppContext,
  check: CheckName,
  accountId: string,
  code: ErrorCode,
  image: PhotoKind,
): Promise<ApiError> {
  const { remaining } = await ctx.rateLimiter.peek(
    checkLimits.perUser,
    attemptSubject(check, accountId),
  );
  return new ApiError(code, undefined, { image, attemptsLeft: remaining });
}
