import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotAvailableYet } from '../components/NotAvailableYet';
import { NotFound } from '../components/NotFound';
import { AboutPage } from './about/AboutPage';
import { HomePage } from './home/HomePage';
import { RequestEntryPage } from './requests/RequestEntryPage';
import { comingScreens, type BuiltScreen } from './screens';

// React Router matches paths case-insensitively by default, as the spec's mixed case needs.
const builtScreens: Record<BuiltScreen, ReactElement> = {
  '/': <HomePage />,
  '/requests/:requestId': <RequestEntryPage />,
  '/about': <AboutPage />,
  '/error': <ErrorScreen />,
};

const comingScreenPages = Object.fromEntries(
  Object.entries(comingScreens).map(([path, name]) => [
    path,
    <NotAvailableYet screenName={name} />,
  ]),
);

export const routes: RouteObject[] = [
  ...Object.entries({ ...builtScreens, ...comingScreenPages }).map(([path, element]) => ({
    path,
    element,
  })),
  { path: '*', element: <NotFound /> },
];
