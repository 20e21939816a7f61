import { rgbOf, type ThemeColours } from '@verity/contracts';

/**
 * A request's theme colours as the --theme-* variables design.css reads; none (Verity's own
 * colours) without a request. The colours were checked against the request info schema
 * (#rrggbb only), and rgbOf refuses anything else, so no other CSS can get in.
 */
export function themeStyle(colours: ThemeColours | null | undefined): Record<string, string> {
  if (!colours) return {};
  return {
    '--theme-primary': colours.primary,
    '--theme-primary-rgb': rgbOf(colours.primary).join(', '),
    '--theme-on-primary': colours.onPrimary,
    '--theme-primary-dark': colours.primaryDark,
    '--theme-primary-dark-rgb': rgbOf(colours.primaryDark).join(', '),
    '--theme-on-primary-dark': colours.onPrimaryDark,
  };
}

/**
 * Sets a request's colours on `root` (<html>, so that dialogs outside the app root have them
 * too); returns the function that takes them off again.
 */
export function applyTheme(
  root: HTMLElement,
  colours: ThemeColours | null | undefined,
): () => void {
  const style = themeStyle(colours);
  for (const [name, value] of Object.entries(style)) root.style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(style)) root.style.removeProperty(name);
  };
}
