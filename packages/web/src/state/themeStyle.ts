import { rgbOf, type ThemeColours } from '@verity/contracts';
import type { CSSProperties } from 'react';

/**
 * A request's theme colours as the --theme-* variables design.css reads, for the app root's
 * style; nothing (Verity's own colours) without a request. The colours were checked against
 * the request info schema (#rrggbb only), so no other CSS can get in.
 */
export function themeStyle(colours: ThemeColours | null | undefined): CSSProperties {
  if (!colours) return {};
  return {
    '--theme-primary': colours.primary,
    '--theme-primary-rgb': rgbOf(colours.primary).join(', '),
    '--theme-on-primary': colours.onPrimary,
    '--theme-primary-dark': colours.primaryDark,
    '--theme-primary-dark-rgb': rgbOf(colours.primaryDark).join(', '),
    '--theme-on-primary-dark': colours.onPrimaryDark,
  } as CSSProperties;
}
