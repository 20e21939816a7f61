import { copy } from '../../copy/common';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { logoutConfirm, logoutStatus } from '../../api/accounts';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { brand } from '../../copy/brand';
import { useAuth } from '../../state/authContext';
import { safeRedirectUrl } from '../../state/redirect';
import { isSignOutChosen } from '../../state/signOutChosen';
import { screensCopy } from '../../copy/navigation';

type Outcome = 'done' | 'failed';

/** Ends the session; the outcome to show, or null when the browser is leaving for the client. */
async function signOut(
  postLogoutRedirectUri: string | null,
  forgetHere: () => void,
): Promise<Outcome | null> {
  try {
    const status = await logoutStatus(postLogoutRedirectUri);
    await logoutConfirm();
    forgetHere();
    const url =
      status.postLogoutUrl === null
        ? null
        : safeRedirectUrl(status.postLogoutUrl, window.location.href);
    if (url === null) return 'done';
    window.location.assign(url);
    return null;
  } catch {
    return 'failed';
  }
}

/**
 * /logout: ends the Verity session and forgets the user and any client's request here, then goes where the client
 * asked (post_logout_redirect_uri, checked by the server) or confirms it on the page.
 * Any site can send a browser here, so the page asks first unless the user came from our own
 * menu: only a navigation inside this app carries its history state.
 */
export function LogoutPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const postLogoutRedirectUri = searchParams.get('post_logout_redirect_uri');
  const { signedOut } = useAuth();
  const [answered, setAnswered] = useState(false);
  const confirmed = answered || isSignOutChosen(location.state);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!confirmed || started.current) return;
    started.current = true;
    void signOut(postLogoutRedirectUri, signedOut).then((ended) => {
      if (ended) setOutcome(ended);
    });
  }, [confirmed, postLogoutRedirectUri, signedOut]);

  if (outcome === 'failed') return <ErrorScreen />;
  if (!confirmed)
    return (
      <div className="py-4">
        <PageHeading>{screensCopy.logoutQuestion(brand.product)}</PageHeading>
        <div className="d-flex gap-2 mt-3">
          <button type="button" className="btn btn-primary" onClick={() => setAnswered(true)}>
            {screensCopy.logoutYes}
          </button>
          <Link className="btn btn-secondary" to="/">
            {screensCopy.logoutNo}
          </Link>
        </div>
      </div>
    );
  if (outcome === null) return <WaitScreen />;
  return (
    <div className="py-4">
      <PageHeading>{copy.logoutSuccessful}</PageHeading>
      <Link className="btn btn-primary mt-3" to="/">
        {copy.returnToHomepage}
      </Link>
    </div>
  );
}
