import { themeColours, type ThemeColours } from './themeColours.js';

/**
 * The themes a client may name with `--theme <name>`: Verity's own and a few others. A name
 * not listed here gets Verity's. `builtInThemes.test.ts` checks every one's contrast.
 */
export const builtInThemes = {
  default: themeColours('#1f4fd1', '#8fb0ff'),
  forest: themeColours('#0b6b4f', '#5fcf9f'),
  plum: themeColours('#7a2a8f', '#d7a6e8'),
  slate: themeColours('#334155', '#b4c2d6'),
} satisfies Record<string, ThemeColours>;

export type BuiltInTheme = keyof typeof builtInThemes;

/** A theme's colours by name; Verity's own for a name that is not built in. */
export function builtInTheme(name: string): ThemeColours {
  return Object.hasOwn(builtInThemes, name)
    ? builtInThemes[name as BuiltInTheme]
    : builtInThemes.default;
}
