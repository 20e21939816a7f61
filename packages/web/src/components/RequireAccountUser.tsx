import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../state/authContext';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { WaitScreen } from './WaitScreen';

/**
 * The account section (second document, route table): without a signed-in user the page's
 * path is saved under the session key return and the user goes to /mpinlogin, where they
 * log in with their PIN or with e-mail and password. Reached signed in, the saved path is
 * used up.
 */
export function RequireAccountUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const allowed = auth.sessionChecked && auth.signedIn;

  useEffect(() => {
    if (allowed) sessionKeys.returnPath.clear(browserStorage('sessionStorage'));
  }, [allowed]);

  if (!auth.sessionChecked) return <WaitScreen />;
  if (!auth.signedIn) return <SaveReturnAndLogIn />;
  return children;
}

function SaveReturnAndLogIn() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    sessionKeys.returnPath.set(browserStorage('sessionStorage'), `${pathname}${search}`);
    void navigate('/mpinlogin', { replace: true });
  }, [pathname, search, navigate]);
  return <WaitScreen />;
}
