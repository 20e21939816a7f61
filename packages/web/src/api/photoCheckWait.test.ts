import type { CheckResult, PhotoCheckPending } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { waitForPhotoCheck } from './photoCheckWait';

const pending: PhotoCheckPending = { check: 'GenuinePassport', pending: true };
const passed: CheckResult = {
  check: 'GenuinePassport',
  verified: true,
  userRequirements: ['consent'],
  assuranceChoice: [],
};

/** A poll answering these in turn (an Error is thrown), and the pauses asked for. */
function scripted(answers: Array<CheckResult | PhotoCheckPending | Error>) {
  const pauses: number[] = [];
  let polls = 0;
  return {
    pauses,
    polls: () => polls,
    poll: async () => {
      const answer = answers[Math.min(polls++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    sleep: async (ms: number) => {
      pauses.push(ms);
    },
  };
}

describe('waitForPhotoCheck', () => {
  it('polls while pending and answers the settled result', async () => {
    const script = scripted([pending, pending, passed]);
    await expect(
      waitForPhotoCheck(script.poll, { intervalMs: 1000, sleep: script.sleep }),
    ).resolves.toEqual(passed);
    expect(script.polls()).toBe(3);
    expect(script.pauses).toEqual([1000, 1000, 1000]);
  });

  it('throws the error the check settled with (a retake), as the POST would have', async () => {
    const retake = new ApiError('photo_no_document', 422, undefined, { image: 'document' });
    const script = scripted([pending, retake]);
    await expect(waitForPhotoCheck(script.poll, { sleep: script.sleep })).rejects.toBe(retake);
  });

  it('gives up after the longest wait with service_unavailable', async () => {
    const script = scripted([pending]);
    const error = await waitForPhotoCheck(script.poll, {
      intervalMs: 1000,
      maxWaitMs: 5000,
      sleep: script.sleep,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(script.polls()).toBe(5);
  });
});
