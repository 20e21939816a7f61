import { contrastRatio, formatRatio, isHexColour } from './contrast.js';

/** WCAG 2.x AA for normal text (1.4.3): text and links on the page, text on buttons. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The page and card backgrounds of the two schemes that a client's colour is checked against
 * (docs/design.md). A colour must read on both, so each scheme is checked on the one of its
 * two backgrounds that gives the lower ratio.
 */
export const schemeBackgrounds = {
  light: ['#ffffff', '#f3f5f8'],
  dark: ['#1b1f24', '#111418'],
} as const;

/** The two button text colours; the one that contrasts more with the primary colour is used. */
export const buttonTextColours = { light: '#ffffff', dark: '#111418' } as const;

export type Scheme = keyof typeof schemeBackgrounds;

/** A theme's primary colour per scheme, and the button text drawn on each. */
export interface ThemeColours {
  primary: string;
  primaryDark: string;
  onPrimary: string;
  onPrimaryDark: string;
}

/** The button text colour for a primary colour: white or near-black, whichever reads better. */
export function textColourOn(primary: string): string {
  const { light, dark } = buttonTextColours;
  return contrastRatio(primary, light) >= contrastRatio(primary, dark) ? light : dark;
}

/** The lowest contrast of `colour` against the scheme's backgrounds, and that background. */
function worstBackground(colour: string, scheme: Scheme): { background: string; ratio: number } {
  return schemeBackgrounds[scheme]
    .map((background) => ({ background, ratio: contrastRatio(colour, background) }))
    .reduce((worst, next) => (next.ratio < worst.ratio ? next : worst));
}

const schemeAdvice: Record<Scheme, string> = {
  light: 'choose a darker --theme-primary',
  dark: 'choose a lighter --theme-primary-dark',
};

/**
 * What is wrong with a theme's colours, one sentence each (empty when they pass): each must be
 * #rrggbb; the light scheme's primary on its backgrounds, the dark scheme's on its, and each
 * button's text on its primary must reach 4.5:1. Each sentence names the ratio found.
 */
export function themeColourProblems(primary: string, primaryDark: string): string[] {
  const problems: string[] = [];
  const given: [Scheme, string, string][] = [
    ['light', '--theme-primary', primary],
    ['dark', '--theme-primary-dark', primaryDark],
  ];
  for (const [scheme, flag, colour] of given) {
    if (!isHexColour(colour)) {
      problems.push(`${flag} must be a colour written #rrggbb, got: ${colour}`);
      continue;
    }
    const { background, ratio } = worstBackground(colour, scheme);
    if (ratio < AA_TEXT_CONTRAST)
      problems.push(
        `the ${scheme} scheme's primary colour ${colour} has a contrast of ${formatRatio(ratio)} against its background ${background}; WCAG AA needs 4.5:1: ${schemeAdvice[scheme]}`,
      );
    const text = textColourOn(colour);
    const onButton = contrastRatio(colour, text);
    if (onButton < AA_TEXT_CONTRAST)
      problems.push(
        `the ${scheme} scheme's primary colour ${colour} gives its button text ${text} a contrast of ${formatRatio(onButton)}; WCAG AA needs 4.5:1`,
      );
  }
  return problems;
}

/** The colours a request's pages use, button text included; call after themeColourProblems. */
export function themeColours(primary: string, primaryDark: string): ThemeColours {
  return {
    primary: primary.toLowerCase(),
    primaryDark: primaryDark.toLowerCase(),
    onPrimary: textColourOn(primary),
    onPrimaryDark: textColourOn(primaryDark),
  };
}
