import { describe, expect, it } from 'vitest';
import { nextPollDelay } from './pollDelay';

describe('nextPollDelay (the desktop waiting for the phone)', () => {
  it.each([
    [null, false, 2000],
    [2000, false, 3000],
    [3000, false, 4500],
    [6750, false, 10_000],
    [10_000, false, 10_000],
    [10_000, true, 2000],
    [4500, true, 2000],
  ])('after %s ms, changed %s: %d ms', (previous, changed, next) => {
    expect(nextPollDelay(previous, changed)).toBe(next);
  });
});
