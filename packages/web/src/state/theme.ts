/**
 * A client's theme name, or null when it cannot be used. The name ends up in a class
 * (`theme-<name>`) and an attribute, so only plain lower-case words pass.
 */
export function themeName(raw: string): string | null {
  const name = raw.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9-]{0,39}$/.test(name) ? name : null;
}
