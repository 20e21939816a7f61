/** The longest wait between two tries of one message. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * How long to wait before try `attempt + 1` after `attempt` failed: doubling from `firstMs`,
 * capped at an hour, with "equal jitter" (half fixed, half random) so that instances that
 * failed together during an outage do not all come back at the same moment, while the wait
 * still grows with every failure. `random` is in [0, 1).
 */
export function retryDelayMs(attempt: number, firstMs: number, random = Math.random()): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
