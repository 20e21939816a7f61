import { photoAnswerSchema, type CheckResult } from '@verity/contracts';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { getJson, postBlob } from './client';
import { waitForPhotoCheck } from './photoCheckWait';

// The photo checks without the app (server: features/photoId/routes.ts). Failures throw ApiError.

export type PhotoRoute = 'passport' | 'drivinglicence' | 'selfie';

/**
 * POST /api/photoid/{passport,drivinglicence,selfie}?requestId=: the photo as the body. A
 * vendor's check answers later (202 pending): `onPending` is told (the screen shows the wait
 * screen), and GET /api/photoid/status is polled until it is settled.
 */
export async function sendPhoto(
  route: PhotoRoute,
  photo: Blob,
  onPending?: () => void,
): Promise<CheckResult> {
  const id = sessionKeys.requestId.get(browserStorage('sessionStorage'));
  const query = id ? `?requestId=${encodeURIComponent(id)}` : '';
  const answer = await postBlob(`/api/photoid/${route}${query}`, photo, photoAnswerSchema);
  if (!('pending' in answer)) return answer;
  onPending?.();
  return waitForPhotoCheck(() => getJson(`/api/photoid/status${query}`, photoAnswerSchema));
}
