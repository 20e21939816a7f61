import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { brand } from '../copy/brand';

export interface PageHeadingProps {
  children: string;
  className?: string;
  /**
   * The step of a screen that has several at one address: a new step takes the focus
   * like a new page does.
   */
  step?: string;
}

/**
 * The page's one h1. It also names the browser tab, and takes the focus after every
 * navigation (not on the first page load) so screen readers announce the new page.
 */
export function PageHeading({ children, className, step }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  const firstStep = useRef(step);

  useEffect(() => {
    document.title = `${children} - ${brand.product}`;
  }, [children]);

  useEffect(() => {
    // React Router gives the location of the initial page load the key 'default'.
    if (key !== 'default' || step !== firstStep.current) heading.current?.focus();
  }, [key, step]);

  return (
    <h1 ref={heading} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
