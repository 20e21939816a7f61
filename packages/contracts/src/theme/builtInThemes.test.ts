import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';
import { builtInTheme, builtInThemes } from './builtInThemes.js';
import { schemeBackgrounds, themeColourProblems } from './themeColours.js';

/** The "contrast check of every client theme", for the themes Verity ships. */
describe('built-in themes', () => {
  it.each(Object.entries(builtInThemes))('%s meets WCAG AA in both schemes', (_, theme) => {
    expect(themeColourProblems(theme.primary, theme.primaryDark)).toEqual([]);
    expect(contrastRatio(theme.primary, theme.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.primaryDark, theme.onPrimaryDark)).toBeGreaterThanOrEqual(4.5);
    for (const background of schemeBackgrounds.light)
      expect(contrastRatio(theme.primary, background)).toBeGreaterThanOrEqual(4.5);
    for (const background of schemeBackgrounds.dark)
      expect(contrastRatio(theme.primaryDark, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['forest', builtInThemes.forest],
    ['unknown', builtInThemes.default],
    ['constructor', builtInThemes.default],
    ['__proto__', builtInThemes.default],
  ])('%s resolves to its colours', (name, colours) => {
    expect(builtInTheme(name)).toBe(colours);
  });
});
