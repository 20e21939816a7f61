import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { generateResponse } from '../../api/accounts';
import { ErrorScreen } from '../../components/ErrorScreen';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { safeRedirectUrl } from '../../state/redirect';
import { responseFailure, responseOutcome } from './responseOutcome';

/**
 * /sendresponse: finishes the sign-in request. The server answers with what is still to do,
 * or with the provider's resume address, from which the client gets its code.
 */
export function SendResponsePage() {
  const auth = useAuth();
  const navigate = useNavigate();
  // Read once: finishing the request forgets it, and this page must not react to that.
  const [requestId] = useState(auth.requestId);
  const [client] = useState(auth.client);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const started = useRef(false);
  const { setRequirements, clearLogin, finishRequest, nextStep } = auth;

  useEffect(() => {
    // Once per page: the call finishes the request, so a second one would fail.
    if (requestId === null || started.current) return;
    started.current = true;
    generateResponse(requestId).then(
      (answer) => {
        const outcome = responseOutcome(answer);
        if (outcome.kind === 'nextStep') {
          setRequirements(outcome.userReqs);
          void navigate(nextStep(), { replace: true });
          return;
        }
        if (outcome.kind === 'login') {
          void navigate('/login', { replace: true });
          return;
        }
        const url = safeRedirectUrl(outcome.url, window.location.href);
        if (url === null) {
          setFailure({ detail: null });
          return;
        }
        if (outcome.clearSession) clearLogin();
        finishRequest();
        window.location.assign(url);
      },
      (error: unknown) => {
        const result = responseFailure(error);
        if (result.kind === 'login') {
          clearLogin();
          void navigate('/login', { replace: true });
        } else {
          setFailure({ detail: result.detail });
        }
      },
    );
  }, [requestId, setRequirements, clearLogin, finishRequest, nextStep, navigate]);

  if (requestId === null) return <Navigate to="/login" replace />;
  if (failure) return <ErrorScreen detail={failure.detail} />;
  return <WaitScreen clientName={client?.clientName} clientLogo={client?.clientLogo} />;
}
