import {
  handoffDeviceHeader,
  photoAnswerSchema,
  photoHandoffCreatedSchema,
  photoHandoffOpenedSchema,
  photoHandoffStatusSchema,
  photoHandoffTaskSchema,
  type CheckResult,
  type HandoffDocument,
  type PhotoHandoffCreated,
  type PhotoHandoffOpened,
  type PhotoHandoffStatus,
  type PhotoHandoffTask,
  type PhotoKind,
} from '@verity/contracts';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { getJson, postBlob, postJson } from './client';
import { waitForPhotoCheck } from './photoCheckWait';

// The photo checks with 'the app' (server: features/photoId/handoffRoutes.ts).

function requestQuery(): string {
  const id = sessionKeys.requestId.get(browserStorage('sessionStorage'));
  return id ? `?requestId=${encodeURIComponent(id)}` : '';
}

/** Desktop: a new link to the phone for this request (replacing the last). */
export function createHandoff(check: HandoffDocument): Promise<PhotoHandoffCreated> {
  return postJson(`/api/photoid/handoff${requestQuery()}`, { check }, photoHandoffCreatedSchema);
}

/** Desktop: where the phone is. */
export function handoffStatus(signal?: AbortSignal): Promise<PhotoHandoffStatus> {
  return getJson(`/api/photoid/handoff/status${requestQuery()}`, photoHandoffStatusSchema, {
    signal,
  });
}

/** The phone's hold on a link: its token, and once opened the phone's own secret. */
export interface HandoffKeys {
  token: string;
  device: string | null;
}

const headersOf = ({ token, device }: HandoffKeys): Record<string, string> => ({
  Authorization: `Handoff ${token}`,
  ...(device ? { [handoffDeviceHeader]: device } : {}),
});

/** Phone: opens the link, binding this phone to it. */
export function openHandoff(token: string): Promise<PhotoHandoffOpened> {
  return postJson('/api/photoid/handoff/phone/open', undefined, photoHandoffOpenedSchema, {
    headers: headersOf({ token, device: null }),
  });
}

/** Phone: what to photograph, after a reload. */
export function handoffTask(keys: HandoffKeys): Promise<PhotoHandoffTask> {
  return getJson('/api/photoid/handoff/phone', photoHandoffTaskSchema, {
    headers: headersOf(keys),
  });
}

/**
 * Phone: the document's photo or the selfie, checked as the desktop's would be. A vendor's
 * check answers later (202 pending): `onPending` is told (the wait screen), and the phone's
 * status is polled until it is settled.
 */
export async function sendHandoffPhoto(
  keys: HandoffKeys,
  kind: PhotoKind,
  photo: Blob,
  onPending?: () => void,
): Promise<CheckResult> {
  const headers = headersOf(keys);
  const answer = await postBlob(`/api/photoid/handoff/phone/${kind}`, photo, photoAnswerSchema, {
    headers,
  });
  if (!('pending' in answer)) return answer;
  onPending?.();
  return waitForPhotoCheck(() =>
    getJson('/api/photoid/handoff/phone/status', photoAnswerSchema, { headers }),
  );
}
