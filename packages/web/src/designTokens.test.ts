import { builtInThemes, contrastRatio, schemeBackgrounds, type Scheme } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import designCss from './design.css?raw';

/**
 * The colours design.css gives each scheme, read from its two token blocks. A client's theme is
 * checked against `schemeBackgrounds` (contracts/theme); these tests keep that list the
 * backgrounds the pages really have, and hold the fixed tokens to the WCAG AA ratios the file
 * promises.
 */
function tokens(scheme: Scheme): Record<string, string> {
  const selector = scheme === 'light' ? ':root {' : "[data-bs-theme='dark'] {";
  const start = designCss.indexOf(selector);
  const block = designCss.slice(start, designCss.indexOf('}', start));
  const found: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/(--verity-[\w-]+):\s*([^;]+);/g)) {
    // A themed token's own colour is its fallback: var(--theme-primary, #1f4fd1).
    found[name!] = /#[0-9a-f]{6}\b/i.exec(value!)?.[0]?.toLowerCase() ?? value!;
  }
  return found;
}

const schemes: Scheme[] = ['light', 'dark'];

describe('design.css colour tokens', () => {
  it.each(schemes)(
    'the %s scheme has the page and card backgrounds themes are checked on',
    (scheme) => {
      const { '--verity-page': page, '--verity-surface': surface } = tokens(scheme);
      expect([page, surface].sort()).toEqual([...schemeBackgrounds[scheme]].sort());
    },
  );

  it.each(schemes)("the %s scheme's own primary colours are the default theme's", (scheme) => {
    const own = tokens(scheme);
    const theme = builtInThemes.default;
    expect([own['--verity-primary'], own['--verity-on-primary']]).toEqual(
      scheme === 'light'
        ? [theme.primary, theme.onPrimary]
        : [theme.primaryDark, theme.onPrimaryDark],
    );
  });

  // 1.4.3: text 4.5:1; 1.4.11 and 2.4.13: the focus ring 3:1, on both backgrounds.
  it.each(
    schemes.flatMap((scheme) =>
      [
        ['--verity-text', 4.5],
        ['--verity-muted', 4.5],
        ['--verity-danger', 4.5],
        ['--verity-focus', 3],
      ].flatMap(([token, ratio]) =>
        (['--verity-page', '--verity-surface'] as const).map(
          (background) => [scheme, token as string, background, ratio as number] as const,
        ),
      ),
    ),
  )('%s: %s on %s reads at %s:1 or more', (scheme, token, background, ratio) => {
    const own = tokens(scheme);
    expect(contrastRatio(own[token]!, own[background]!)).toBeGreaterThanOrEqual(ratio);
  });
});
