import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retryDelay.js';

describe('retryDelayMs', () => {
  it.each([
    // attempt, first wait, random, expected
    [1, 1000, 0, 500],
    [1, 1000, 0.999999, 1000],
    [2, 1000, 0, 1000],
    [3, 1000, 0.5, 3000],
    [5, 1000, 0, 8000],
    [0, 1000, 0, 500],
    [40, 1000, 0, MAX_RETRY_DELAY_MS / 2],
    [40, 1000, 0.5, (MAX_RETRY_DELAY_MS * 3) / 4],
  ])('attempt %i, first %i ms, random %f: %i ms', (attempt, first, random, expected) => {
    expect(retryDelayMs(attempt, first, random)).toBe(expected);
  });

  it('never waits less after more failures below the cap, whatever the jitter', () => {
    for (let attempt = 1; attempt < 12; attempt++)
      expect(retryDelayMs(attempt + 1, 1000, 0)).toBeGreaterThanOrEqual(
        retryDelayMs(attempt, 1000, 0.999999),
      );
  });
});
