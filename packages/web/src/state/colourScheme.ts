/**
 * Bootstrap's dark colours apply under data-bs-theme="dark"; this sets it on <html> from the
 * system's setting (prefers-color-scheme) and follows it when it changes, e.g. at sunset.
 */
export function followSystemColourScheme(
  root: HTMLElement = document.documentElement,
  dark: MediaQueryList = window.matchMedia('(prefers-color-scheme: dark)'),
): () => void {
  const apply = () => root.setAttribute('data-bs-theme', dark.matches ? 'dark' : 'light');
  apply();
  dark.addEventListener('change', apply);
  return () => dark.removeEventListener('change', apply);
}
