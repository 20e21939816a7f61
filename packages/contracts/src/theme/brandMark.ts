/**
 * Verity's mark, a shield with a tick, as SVG path data on a 24 x 24 view box: drawn by the
 * SPA's navigation bar (BrandMark.tsx) and the server-rendered pages' header (htmlPage.ts), so
 * both show the same mark. The shield is filled in the primary colour, the tick stroked in the
 * surface colour.
 */
export const brandMarkPaths = {
  shield: 'M12 1.5 3.5 4.8v6.1c0 5.3 3.6 10.2 8.5 11.6 4.9-1.4 8.5-6.3 8.5-11.6V4.8L12 1.5Z',
  tick: 'm7.8 12.2 3 3 5.6-6',
} as const;
