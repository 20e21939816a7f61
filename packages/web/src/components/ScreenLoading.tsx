import { copy } from '../copy/common';
import { useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';

/** How long a screen's code may take before the user is told to wait (no flash when fast). */
export const SCREEN_LOADING_DELAY_MS = 300;

/**
 * Shown while a screen's code loads: a polite live region, empty at first and saying 'Please
 * wait...' after a short delay. Not a heading, so the screen's own h1 still takes the focus
 * and names the page when it arrives.
 */
export function ScreenLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SCREEN_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className="text-center py-5">
      {slow ? (
        <>
          <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
          <p>{copy.wait}</p>
        </>
      ) : null}
    </div>
  );
}
