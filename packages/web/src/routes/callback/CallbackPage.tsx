import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { linkSignInMethod, socialLogin } from '../../api/social';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHeading } from '../../components/PageHeading';
import { SOCIAL_CHANNEL } from '../../components/social/socialChannel';
import {
  PENDING_REDIRECT_KEY,
  readPendingRedirect,
  readProviderResult,
  SOCIAL_MESSAGE,
  socialErrorMessage,
  type PendingRedirect,
  type ProviderResult,
} from '../../components/social/socialResult';
import { callbackUri } from '../../components/social/useSocialSignIn';
import { WaitScreen } from '../../components/WaitScreen';
import { socialCopy } from '../../copy/social';
import { useAuth } from '../../state/authContext';
import { browserStorage } from '../../state/browserStorage';

/**
 * The provider's redirect comes back here (the spec's social popup callback page). In the
 * popup it reports the code and state to the page that opened it and closes; after a
 * full-page redirect (popup blocked) it finishes the login or link itself.
 */
export function CallbackPage() {
  const [result] = useState(() => readProviderResult(window.location.search));
  // Read during render, removed once committed: a render React discards (a suspended lazy
  // screen) must not use the pending redirect up.
  const [redirect] = useState(() => {
    const pending = readPendingRedirect(
      browserStorage('sessionStorage').getItem(PENDING_REDIRECT_KEY),
    );
    return pending && result && pending.state === result.state ? pending : null;
  });
  useEffect(() => {
    if (redirect) browserStorage('sessionStorage').removeItem(PENDING_REDIRECT_KEY);
    // The code is used once; it need not stay in the address bar or history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [redirect]);
  if (result && redirect) return <FinishRedirect result={result} pending={redirect} />;
  return <ReportToOpener result={result} />;
}

function ReportToOpener({ result }: { result: ProviderResult | null }) {
  const sent = useRef(false);
  useEffect(() => {
    if (!result || sent.current) return;
    sent.current = true;
    const message = { type: SOCIAL_MESSAGE, result };
    const origin = window.location.origin;
    try {
      window.opener?.postMessage(message, origin);
    } catch {
      // no opener any more: the channel carries it
    }
    if ('BroadcastChannel' in window) {
      const channel = new BroadcastChannel(SOCIAL_CHANNEL);
      channel.postMessage(message);
      channel.close();
    }
    window.close();
  }, [result]);
  return (
    <>
      <PageHeading>{socialCopy.callbackTitle}</PageHeading>
      {result ? (
        <p>{socialCopy.callbackDone}</p>
      ) : (
        <>
          <FormAlert message={socialCopy.stateMismatch} />
          <Link to="/login">{socialCopy.backToLogin}</Link>
        </>
      )}
    </>
  );
}

function FinishRedirect({ result, pending }: { result: ProviderResult; pending: PendingRedirect }) {
  const auth = useAuth();
  const navigate = useNavigate();
  // A cancel or provider error is known at once; a code is used once, by the effect below.
  const [message, setMessage] = useState<string | null>(() =>
    'error' in result ? socialErrorMessage(pending.provider, result.error) : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || 'error' in result) return;
    started.current = true;
    const { provider, purpose } = pending;
    const answer = {
      code: result.code,
      state: result.state,
      redirectUri: callbackUri(),
      ...(result.iss === undefined ? {} : { iss: result.iss }),
    };
    const finish =
      purpose === 'login'
        ? socialLogin(provider, { ...answer, requestId: auth.requestId }).then(async (login) => {
            auth.loginSuccess(login.email, login.userRequirements);
            await navigate(auth.nextStep(), { replace: true });
          })
        : linkSignInMethod(provider, answer).then(() =>
            navigate('/account/signin-methods', { replace: true, state: { linked: provider } }),
          );
    finish.catch((error: unknown) => setMessage(socialErrorMessage(provider, error)));
  }, [auth, navigate, pending, result]);

  if (message === null) return <WaitScreen />;
  const back = pending.purpose === 'login' ? '/login' : '/account/signin-methods';
  return (
    <>
      <PageHeading>{socialCopy.callbackTitle}</PageHeading>
      <FormAlert message={message} />
      <Link to={back}>
        {pending.purpose === 'login' ? socialCopy.backToLogin : socialCopy.methodsTitle}
      </Link>
    </>
  );
}
