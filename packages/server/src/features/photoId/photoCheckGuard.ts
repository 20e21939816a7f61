import type { CheckName, PhotoKind } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { attemptSubject, checkLimits } from '../checks/checkStep.js';
import { PhotoPipelineUnavailable } from './photoPipelineUnavailable.js';

/** How long a guard lasts at most: a photo check's time on a loaded machine, with room. */
const guardSeconds = 5 * 60;

/**
 * One photo at a time per user and check (its attempt counter: twins and the document taken
 * again for a selfie share the selfie's): parallel uploads would otherwise all pass
 * checkAllowed before any outcome is recorded, several tries at once where one at a time
 * gives one, and a pass beating failures. A second while one runs is 409
 * photo_check_in_progress before anything is counted. The key-value store's atomic increment
 * is the set-if-absent (the first sees 1); the guard ends with the request, or expires. Every
 * path counts its try (checkAllowed) inside `run` before the provider is asked.
 */
export async function onePhotoAtATime<T>(
  ctx: AppContext,
  check: CheckName,
  accountId: string,
  image: PhotoKind,
  run: () => Promise<T>,
): Promise<T> {
  const key = `photo-in-flight:${attemptSubject(check, accountId)}`;
  if ((await ctx.kv.increment(key, guardSeconds)) !== 1)
    throw new ApiError('photo_check_in_progress', undefined, { image });
  try {
    return await run();
  } catch (error) {
    // The pipeline failed (a worker, or too many photos at once) after checkAllowed counted
    // the try, before anything of the photo was judged: the try is given back.
    if (error instanceof PhotoPipelineUnavailable)
      await ctx.rateLimiter
        .refund(checkLimits.perUser, attemptSubject(check, accountId))
        .catch(() => undefined);
    throw error;
  } finally {
    // Best effort: a store that fails now must not hide the outcome; the guard then expires.
    await ctx.kv.delete(key).catch(() => undefined);
  }
}
