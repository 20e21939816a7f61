const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome on Linux": what the approving user is shown about the waiting browser. Taken from
 * its User-Agent, which that browser chooses itself: a hint, never proof.
 */
export function describeUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? 'A browser';
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
