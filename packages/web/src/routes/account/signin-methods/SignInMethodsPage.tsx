import type { SignInMethods, SocialProvider } from '@verity/contracts';
import { useEffect, useState } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../api/client';
import { fetchSignInMethods, linkSignInMethod, removeSignInMethod } from '../../../api/social';
import { LogInAgain } from '../../../components/account/LogInAgain';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { BusyButton } from '../../../components/form/BusyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { SocialButtons } from '../../../components/social/SocialButtons';
import { needsFreshLogin, socialErrorMessage } from '../../../components/social/socialResult';
import { useSocialSignIn } from '../../../components/social/useSocialSignIn';
import { WaitScreen } from '../../../components/WaitScreen';
import { socialCopy } from '../../../copy/social';
import { useAuth } from '../../../state/authContext';

/**
 * /account/signin-methods: the ways this account can log in (password, linked social
 * accounts); links another through the provider's popup, or removes one, never the last.
 */
export function SignInMethodsPage() {
  return (
    <RequireAccountUser>
      <SignInMethodsScreen />
    </RequireAccountUser>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; methods: SignInMethods }
  | { status: 'failed'; login: boolean };

function SignInMethodsScreen() {
  const { clearLogin } = useAuth();
  const location = useLocation();
  const justLinked = (location.state as { linked?: SocialProvider } | null)?.linked;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(
    justLinked ? socialCopy.linked(justLinked) : null,
  );
  const [removing, setRemoving] = useState<SocialProvider | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [freshLoginNeeded, setFreshLoginNeeded] = useState(false);
  const social = useSocialSignIn('link', null, async (provider, answer) => {
    const methods = await linkSignInMethod(provider, answer);
    setLoaded({ status: 'ready', methods });
    setNotice(socialCopy.linked(provider));
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchSignInMethods({ signal: controller.signal }).then(
      (methods) => setLoaded({ status: 'ready', methods }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const login = error instanceof ApiError && error.code === 'not_signed_in';
        if (login) clearLogin();
        setLoaded({ status: 'failed', login });
      },
    );
    return () => controller.abort();
  }, [clearLogin]);

  if (loaded.status === 'loading') return <WaitScreen />;
  if (loaded.status === 'failed')
    return loaded.login ? <Navigate to="/login" replace /> : <ErrorScreen />;
  const { methods, available } = loaded.methods;
  const onlyOne = methods.length <= 1;

  async function remove(provider: SocialProvider) {
    setRemoving(provider);
    setMessage(null);
    setFreshLoginNeeded(false);
    setNotice(null);
    try {
      await removeSignInMethod(provider);
      setLoaded({ status: 'ready', methods: await fetchSignInMethods() });
      setNotice(socialCopy.removed(provider));
    } catch (error) {
      setMessage(socialErrorMessage(provider, error));
      setFreshLoginNeeded(needsFreshLogin(error));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <>
      <PageHeading>{socialCopy.methodsTitle}</PageHeading>
      <p>{socialCopy.methodsIntro}</p>
      <FormAlert message={notice} variant="success" />
      <ListGroup as="ul" className="mb-4">
        {methods.map((method) => (
          <ListGroup.Item
            as="li"
            key={method.method}
            className="d-flex flex-wrap justify-content-between align-items-center gap-2"
          >
            <div>
              <div className="fw-semibold">
                {method.method === 'password'
                  ? socialCopy.password
                  : socialCopy.providerName(method.method)}
              </div>
              {method.email ? <div>{method.email}</div> : null}
              {method.added ? (
                <div className="small text-body-secondary">
                  {socialCopy.linkedOn(new Date(method.added).toLocaleDateString('en-GB'))}
                </div>
              ) : null}
            </div>
            {method.method !== 'password' && !onlyOne ? (
              <BusyButton
                type="button"
                variant="outline-danger"
                size="sm"
                busy={removing === method.method}
                disabled={removing !== null}
                label={socialCopy.remove}
                busyLabel={socialCopy.removing}
                aria-label={`${socialCopy.remove} ${socialCopy.providerName(method.method)}`}
                onClick={() => void remove(method.method as SocialProvider)}
              />
            ) : null}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {onlyOne ? <p className="text-body-secondary">{socialCopy.onlyMethod}</p> : null}
      {methods.some((method) => method.method === 'password') ? null : (
        <p>
          {socialCopy.addPassword} <Link to="/forgotpassword">{socialCopy.setPassword}</Link>.
        </p>
      )}
      <FormAlert message={message ?? social.message} />
      {(message === null ? social.freshLoginNeeded : freshLoginNeeded) ? <LogInAgain /> : null}
      {available.length > 0 ? (
        <section aria-labelledby="add-method" className="mt-4" style={{ maxWidth: '24rem' }}>
          <h2 id="add-method" className="h5">
            {socialCopy.addMethod}
          </h2>
          <SocialButtons
            providers={available}
            label={socialCopy.linkWith}
            busy={social.busy}
            onChoose={(provider) => void social.begin(provider)}
          />
        </section>
      ) : null}
    </>
  );
}
