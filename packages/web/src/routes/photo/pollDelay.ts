/** The desktop's first wait between two looks at the phone's progress, and its longest. */
export const firstPollMs = 2000;
export const longestPollMs = 10_000;

/**
 * The next wait before asking where the phone is (table-tested): back to the first after
 * any change (the user is busy on the phone, the next step comes soon), else half as long
 * again each time, up to the longest.
 */
export function nextPollDelay(previous: number | null, changed: boolean): number {
  if (previous === null || changed) return firstPollMs;
  return Math.min(longestPollMs, Math.round(previous * 1.5));
}
