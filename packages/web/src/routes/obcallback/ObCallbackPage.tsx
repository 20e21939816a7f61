import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { sendBankCallback } from '../../api/openBanking';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { openBankingCopy as text } from '../../copy/openBanking';
import { useAuth } from '../../state/authContext';
import { callbackFailure, type CallbackFailure } from './callbackOutcome';
import { readCallbackParams } from './callbackParams';

type Outcome =
  | { kind: 'working' }
  | { kind: 'verified' }
  | { kind: 'go'; to: string }
  | { kind: 'failed'; failure: CallbackFailure | { kind: 'missing' } };

/**
 * /ObCallback: back from the bank. An error goes back to /obselect?error=; a code and the
 * state go to the server, which checks the account (or signs in a linked bank account).
 */
export function ObCallbackPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);
  const params = readCallbackParams(location.hash, location.search);

  useEffect(() => {
    // The state is used once: StrictMode's second effect run must not send it again.
    if (started.current || !auth.sessionChecked || params.kind !== 'code') return;
    started.current = true;
    const signedInBefore = auth.signedIn;
    const { kind: _kind, ...callback } = params;
    sendBankCallback(callback, auth.requestId).then(
      (answer) => {
        if (signedInBefore) {
          // An OB check: the server's choice and requirements as they now stand.
          if (auth.user !== null && answer.assuranceChoice)
            auth.assuranceChanged(answer.assuranceChoice, answer.userRequirements);
          setOutcome({ kind: 'verified' });
          return;
        }
        // A bank login: the user is now signed in for this request.
        auth.loginSuccess(answer.email, answer.userRequirements);
        const next = auth.nextStep();
        setOutcome(
          next === '/' || next.toLowerCase() === '/obselect'
            ? { kind: 'verified' }
            : { kind: 'go', to: next },
        );
      },
      (error: unknown) => {
        const failure = callbackFailure(error);
        if (failure.kind === 'kbv') void navigate('/Kbv', { replace: true });
        else setOutcome({ kind: 'failed', failure });
      },
    );
  }, [auth, params, navigate]);

  if (params.kind === 'error')
    return <Navigate to={`/obselect?error=${encodeURIComponent(params.error)}`} replace />;
  if (params.kind === 'missing') return <Failed failure={{ kind: 'stateInvalid' }} />;
  if (outcome.kind === 'go') return <Navigate to={outcome.to} replace />;
  if (outcome.kind === 'failed') return <Failed failure={outcome.failure} />;
  if (outcome.kind === 'verified')
    return (
      <>
        <PageHeading>{text.successTitle}</PageHeading>
        <p className="mt-3">{text.success}</p>
        <Button onClick={() => void navigate(auth.nextStep())}>{text.continue}</Button>
      </>
    );
  return <WaitScreen clientName={auth.client?.clientName} clientLogo={auth.client?.clientLogo} />;
}

function Failed({ failure }: { failure: CallbackFailure | { kind: 'missing' } }) {
  const navigate = useNavigate();
  if (failure.kind === 'obselect')
    return <Navigate to={`/obselect?error=${encodeURIComponent(failure.error)}`} replace />;
  if (failure.kind === 'mismatch')
    return (
      <>
        <PageHeading>{text.mismatchTitle}</PageHeading>
        <Alert variant="danger" className="mt-3">
          {failure.message}
        </Alert>
        <Button variant="primary" onClick={() => void navigate('/Cancel')}>
          {text.returnButton}
        </Button>
      </>
    );
  if (failure.kind === 'login')
    return (
      <>
        <PageHeading>{text.callbackTitle}</PageHeading>
        <Alert variant="warning" className="mt-3">
          {text.notLinked}
        </Alert>
        <Link className="btn btn-primary" to="/login">
          {text.logIn}
        </Link>
      </>
    );
  return (
    <>
      <PageHeading>{text.callbackTitle}</PageHeading>
      <Alert variant="warning" className="mt-3">
        {failure.kind === 'network' ? text.networkFailure : text.stateInvalid}
      </Alert>
      <Link className="btn btn-primary" to="/obselect">
        {text.chooseAgain}
      </Link>
    </>
  );
}
