import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The page's one h1. It also names the browser tab, and takes the focus after every
 * navigation (not on the first page load) so screen readers announce the new page.
 */
export function PageHeading({ children, className }: { children: string; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    document.title = `${children} - Verity`;
  }, [children]);

  useEffect(() => {
    // React Router gives the location of the initial page load the key 'default'.
    if (key !== 'default') heading.current?.focus();
  }, [key]);

  return (
    <h1 ref={heading} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
