import type { SecondFactorList } from '@verity/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fetchSecondFactors } from '../../api/secondFactor';
import { ErrorScreen } from '../../components/ErrorScreen';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { LoginWithSecondFactor } from './LoginWithSecondFactor';
import { callFailure, pageMode } from './secondFactorMode';
import { SetupSecurity } from './SetupSecurity';

/**
 * /SecondFactor, and /secondfactorlogin and /webauthn of the second document: 'Setup
 * security' (a card per method) or 'Login with 2FA' (the first configured method's form).
 */
export function SecondFactorPage() {
  return (
    <RequireSignedIn>
      <SecondFactor />
    </RequireSignedIn>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; methods: SecondFactorList }
  | { status: 'login' }
  | { status: 'failed' };

function SecondFactor() {
  const { user, clearLogin } = useAuth();
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchSecondFactors({ signal: controller.signal }).then(
      (methods) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', methods });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (callFailure(error).kind === 'login') {
          clearLogin();
          setLoaded({ status: 'login' });
        } else setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [clearLogin, version]);

  if (loaded.status === 'loading') return <WaitScreen />;
  if (loaded.status === 'login') return <Navigate to="/login" replace />;
  if (loaded.status === 'failed') return <ErrorScreen />;
  const mode = pageMode(pathname, user?.userReqs ?? [], loaded.methods);
  return mode === 'login' ? (
    <LoginWithSecondFactor methods={loaded.methods} />
  ) : (
    <SetupSecurity methods={loaded.methods} reload={reload} />
  );
}
