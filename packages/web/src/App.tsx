import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorScreen } from './components/ErrorScreen';
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
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
