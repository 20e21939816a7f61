import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../state/authContext';
import { browserStorage } from '../state/browserStorage';
import { afterLogin } from '../state/returnPath';
import { sessionKeys } from '../state/storage';
import { WaitScreen } from './WaitScreen';

/**
 * Sign-up and login screens send a signed-in user on to their next step (first document,
 * section 6). It also moves a user on once they have just logged in on the screen. A
 * stored user is first checked against the server's session, which may have ended.
 * With no sign-in request in progress, an account page saved under return comes first
 * (second document: after a successful login the user goes to the stored return path).
 */
export function RedirectWhenSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.user === null) return children;
  if (!auth.sessionChecked) return <WaitScreen />;
  const saved = sessionKeys.returnPath.get(browserStorage('sessionStorage'));
  return <Navigate to={afterLogin(auth.requestId, saved, auth.nextStep)} replace />;
}
