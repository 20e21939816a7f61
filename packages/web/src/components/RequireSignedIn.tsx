import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../state/authContext';
import { WaitScreen } from './WaitScreen';

/**
 * Setup screens (profile, consent) are for a signed-in user: anybody else goes to /login
 * (first document, section 6). Decided once the server's session has been checked.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (!auth.sessionChecked) return <WaitScreen />;
  if (!auth.signedIn) return <Navigate to="/login" replace />;
  return children;
}
