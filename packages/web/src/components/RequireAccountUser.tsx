import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchSession } from '../api/session';
import { useAuth } from '../state/authContext';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { ErrorScreen } from './ErrorScreen';
import { WaitScreen } from './WaitScreen';

type Gate = 'checking' | 'open' | 'login' | 'secondFactor' | 'failed';

/**
 * The account section (second document, route table): without a signed-in user the page's
 * path is saved under the session key return and the user goes to /mpinlogin, where they
 * log in with their PIN or with e-mail and password. A user with a second factor who has
 * not proved it in this session goes to /secondfactorlogin the same way (the server refuses
 * their account calls until then). Reached with both, the saved path is used up.
 */
export function RequireAccountUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const signedIn = auth.sessionChecked && auth.signedIn;
  const [checked, setChecked] = useState<Gate>('checking');

  useEffect(() => {
    if (!signedIn) return;
    // Asked afresh on each account page: a login since the app loaded changes the answer.
    const controller = new AbortController();
    fetchSession({ signal: controller.signal }).then(
      (session) => {
        if (!session.loggedIn) setChecked('login');
        else setChecked(session.secondFactorRequired ? 'secondFactor' : 'open');
      },
      () => {
        if (!controller.signal.aborted) setChecked('failed');
      },
    );
    return () => controller.abort();
  }, [signedIn]);

  const gate: Gate = !auth.sessionChecked ? 'checking' : !signedIn ? 'login' : checked;

  useEffect(() => {
    if (gate === 'open') sessionKeys.returnPath.clear(browserStorage('sessionStorage'));
  }, [gate]);

  if (gate === 'checking') return <WaitScreen />;
  if (gate === 'login') return <SaveReturnAndGo to="/mpinlogin" />;
  if (gate === 'secondFactor') return <SaveReturnAndGo to="/secondfactorlogin" />;
  if (gate === 'failed') return <ErrorScreen />;
  return children;
}

function SaveReturnAndGo({ to }: { to: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    sessionKeys.returnPath.set(browserStorage('sessionStorage'), `${pathname}${search}`);
    void navigate(to, { replace: true });
  }, [pathname, search, navigate, to]);
  return <WaitScreen />;
}
