import { copy } from '@verity/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { logoutConfirm, logoutStatus } from '../../api/accounts';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { safeRedirectUrl } from '../../state/redirect';

type State = 'working' | 'done' | 'failed';

/**
 * /logout: ends the Verity session and forgets the user here, then goes where the client
 * asked (post_logout_redirect_uri, checked by the server) or confirms it on the page.
 */
export function LogoutPage() {
  const [searchParams] = useSearchParams();
  const postLogoutRedirectUri = searchParams.get('post_logout_redirect_uri');
  const { clearLogin } = useAuth();
  const [state, setState] = useState<State>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    async function logOut() {
      try {
        const status = await logoutStatus(postLogoutRedirectUri);
        await logoutConfirm();
        clearLogin();
        const url =
          status.postLogoutUrl === null
            ? null
            : safeRedirectUrl(status.postLogoutUrl, window.location.href);
        if (url === null) setState('done');
        else window.location.assign(url);
      } catch {
        setState('failed');
      }
    }
    void logOut();
  }, [postLogoutRedirectUri, clearLogin]);

  if (state === 'failed') return <ErrorScreen />;
  if (state === 'working') return <WaitScreen />;
  return (
    <div className="py-4">
      <PageHeading>{copy.logoutSuccessful}</PageHeading>
      <Link className="btn btn-primary mt-3" to="/">
        {copy.returnToHomepage}
      </Link>
    </div>
  );
}
