import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorScreen } from './components/ErrorScreen';
import { useLanguage } from './copy/language';
import { Layout } from './components/Layout';
import { routes } from './routes/routeTable';
import { AuthProvider } from './state/AuthProvider';

const router = createBrowserRouter([
  {
    element: <Layout />,
    // A page that fails while rendering shows the error screen inside the layout.
    children: [{ errorElement: <ErrorScreen />, children: routes }],
  },
]);

export function App() {
  // A new language renders the screens again from the router's state (the page stays, its
  // unsaved inputs do not: as a GOV.UK switcher's reload does); who is signed in stays.
  const language = useLanguage();
  return (
    <AuthProvider>
      <RouterProvider key={language} router={router} />
    </AuthProvider>
  );
}
