import { builtInThemes, contrastRatio, schemeBackgrounds, type Scheme } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { pageStyle } from './pageStyle.js';

/**
 * The server-rendered pages' colours in each scheme (pageStyle's two token blocks), held to the
 * backgrounds a client's theme is checked on and to WCAG AA, as the SPA's are
 * (packages/web/src/designTokens.test.ts).
 */
function tokens(scheme: Scheme): Record<string, string> {
  const darkStart = pageStyle.indexOf('@media (prefers-color-scheme:dark)');
  const block =
    scheme === 'light' ? pageStyle.slice(0, pageStyle.indexOf('}')) : pageStyle.slice(darkStart);
  const found: Record<string, string> = {};
  for (const [, name, value] of block.slice(0, block.indexOf('}')).matchAll(/(--[\w-]+):([^;}]+)/g))
    found[name!] = value!.replace(/^#(\w)(\w)(\w)$/, '#$1$1$2$2$3$3');
  return found;
}

const schemes: Scheme[] = ['light', 'dark'];

describe('the server-rendered pages’ colours', () => {
  it.each(schemes)('the %s scheme has the backgrounds themes are checked on', (scheme) => {
    const { '--page': page, '--surface': surface } = tokens(scheme);
    expect([page, surface].sort()).toEqual([...schemeBackgrounds[scheme]].sort());
  });

  it.each(schemes)("the %s scheme's primary colours are the default theme's", (scheme) => {
    const own = tokens(scheme);
    const theme = builtInThemes.default;
    expect([own['--primary'], own['--on-primary']]).toEqual(
      scheme === 'light'
        ? [theme.primary, theme.onPrimary]
        : [theme.primaryDark, theme.onPrimaryDark],
    );
  });

  it.each(
    schemes.flatMap((scheme) =>
      [
        ['--text', 4.5],
        ['--muted', 4.5],
        ['--danger', 4.5],
        ['--focus', 3],
      ].flatMap(([token, ratio]) =>
        (['--page', '--surface'] as const).map(
          (background) => [scheme, token as string, background, ratio as number] as const,
        ),
      ),
    ),
  )('%s: %s on %s reads at %s:1 or more', (scheme, token, background, ratio) => {
    const own = tokens(scheme);
    expect(contrastRatio(own[token]!, own[background]!)).toBeGreaterThanOrEqual(ratio);
  });
});
