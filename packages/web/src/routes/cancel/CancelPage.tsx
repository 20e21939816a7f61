import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { cancelRequest } from '../../api/verification';
import { ErrorScreen } from '../../components/ErrorScreen';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { safeRedirectUrl } from '../../state/redirect';

/**
 * /Cancel and /cancel: ends the sign-in request on load; the browser goes back to the client,
 * which hears access_denied with a description and its state. Without a request, home.
 */
export function CancelPage() {
  const auth = useAuth();
  // Read once: finishing the request forgets it, and this page must not react to that.
  const [requestId] = useState(auth.requestId);
  const [client] = useState(auth.client);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const { finishRequest } = auth;

  useEffect(() => {
    if (requestId === null || started.current) return;
    started.current = true;
    cancelRequest().then(
      (answer) => {
        const url = safeRedirectUrl(answer.redirect_Uri, window.location.href);
        if (url === null) {
          setFailed(true);
          return;
        }
        finishRequest();
        window.location.assign(url);
      },
      () => setFailed(true),
    );
  }, [requestId, finishRequest]);

  if (requestId === null) return <Navigate to="/" replace />;
  if (failed) return <ErrorScreen />;
  return (
    <>
      <WaitScreen clientName={client?.clientName} clientLogo={client?.clientLogo} />
      <p className="text-center" role="status">
        {checksCopy.cancelling}
      </p>
    </>
  );
}
