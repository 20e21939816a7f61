import type { MouseEvent } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { useAuth } from '../state/authContext';
import { NavigationBar } from './NavigationBar';
import { screensCopy } from '../copy/navigation';

/** Moves focus into the main content without touching the URL (the router owns it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** Every page: skip link, navigation bar, and the page itself in the themed app root. */
export function Layout() {
  const { theme } = useAuth();
  return (
    <div className={`app-root theme-${theme}`} data-theme={theme}>
      <a className="visually-hidden-focusable skip-link" href="#main" onClick={skipToMain}>
        {screensCopy.skipToContent}
      </a>
      <NavigationBar />
      <main id="main" tabIndex={-1}>
        <Container className="py-4">
          <Outlet />
        </Container>
      </main>
    </div>
  );
}
