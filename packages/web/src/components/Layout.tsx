import { useLayoutEffect, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../state/authContext';
import { applyTheme } from '../state/themeStyle';
import { ClientHeader } from './look/ClientHeader';
import { pageWidth } from './look/pageWidth';
import { NavigationBar } from './NavigationBar';
import { screensCopy } from '../copy/navigation';

/** Moves focus into the main content without touching the URL (the router owns it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/**
 * Every page: skip link, navigation bar, and the page in a centred card, in the themed app
 * root. Each step of a client's request (a narrow page while a request is in progress) shows
 * the client's logo and name above the card; the request's colours are set on <html>.
 */
export function Layout() {
  const { theme, client } = useAuth();
  const width = pageWidth(useLocation().pathname);
  const ofRequest = client !== null && width === 'narrow';
  const colours = client?.themeColours;
  // Before the first paint, so the page never shows in the wrong colours.
  useLayoutEffect(() => applyTheme(document.documentElement, colours), [colours]);
  return (
    <div className={`app-root theme-${theme}`} data-theme={theme}>
      <a className="visually-hidden-focusable skip-link" href="#main" onClick={skipToMain}>
        {screensCopy.skipToContent}
      </a>
      <NavigationBar />
      <main id="main" tabIndex={-1} className={`page page-${width}`}>
        {ofRequest ? (
          <ClientHeader clientName={client.clientName} clientLogo={client.clientLogo} />
        ) : null}
        <div className="page-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
