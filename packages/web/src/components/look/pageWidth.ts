/** The width of a screen's column: journey screens narrow, the others wide (docs/design.md). */
export type PageWidth = 'narrow' | 'wide';

/** Paths (lower case, no trailing slash) whose screens read better wide: prose and lists. */
const WIDE = ['/', '/about', '/terms', '/privacy', '/contact'];

/** The account pages and the pages of prose are wide; every step of a request is narrow. */
export function pageWidth(pathname: string): PageWidth {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return WIDE.includes(path) || path === '/account' || path.startsWith('/account/')
    ? 'wide'
    : 'narrow';
}
