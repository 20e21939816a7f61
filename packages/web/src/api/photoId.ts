import { checkResultSchema, type CheckResult } from '@verity/contracts';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { postBlob } from './client';

// The photo checks without the app (server: features/photoId/routes.ts). Failures throw ApiError.

export type PhotoRoute = 'passport' | 'drivinglicence' | 'selfie';

/** POST /api/photoid/{passport,drivinglicence,selfie}?requestId=: the photo as the body. */
export function sendPhoto(route: PhotoRoute, photo: Blob): Promise<CheckResult> {
  const id = sessionKeys.requestId.get(browserStorage('sessionStorage'));
  const query = id ? `?requestId=${encodeURIComponent(id)}` : '';
  return postBlob(`/api/photoid/${route}${query}`, photo, checkResultSchema);
}
