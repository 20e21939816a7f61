import type { CheckResult, PhotoCheckPending } from '@verity/contracts';
import { ApiError } from './client';

export interface WaitOptions {
  /** Between two polls. */
  intervalMs?: number;
  /** The longest the browser waits before it says the service is unavailable. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls a vendor's photo check (GET /api/photoid/status) until it is no longer pending: its
 * result, or the error it settled with (a retake, a refusal), thrown as the POST would have.
 * After `maxWaitMs` the wait ends as the server's 503 would (the try given back there).
 */
export async function waitForPhotoCheck(
  poll: () => Promise<CheckResult | PhotoCheckPending>,
  { intervalMs = 2000, maxWaitMs = 10 * 60_000, sleep = pause }: WaitOptions = {},
): Promise<CheckResult> {
  for (let waited = 0; waited < maxWaitMs; waited += intervalMs) {
    await sleep(intervalMs);
    const answer = await poll();
    if (!('pending' in answer)) return answer;
  }
  throw new ApiError('service_unavailable', 503);
}
