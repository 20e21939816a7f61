import { socialProviderNames, type DeleteAccountOptions } from '@verity/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { deleteAccount, fetchDeleteOptions } from '../../../api/account';
import { socialLogin } from '../../../api/social';
import { ApiError } from '../../../api/client';
import { BusyButton } from '../../../components/form/BusyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { SocialButtons } from '../../../components/social/SocialButtons';
import { useSocialSignIn } from '../../../components/social/useSocialSignIn';
import { deleteCopy } from '../../../copy/account';
import { useAuth } from '../../../state/authContext';
import { browserStorage } from '../../../state/browserStorage';
import { sessionKeys } from '../../../state/storage';
import { screensCopy } from '../../../copy/navigation';

/**
 * account/delete: says what goes and what is kept, then closes the account after the password,
 * or, for an account without one, after a login of the last 5 minutes.
 */
export function DeleteAccountPage() {
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Deleted />;
  return (
    <RequireAccountUser>
      <DeleteAccount onDeleted={() => setDeleted(true)} />
    </RequireAccountUser>
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'wrong_password') return deleteCopy.wrongPassword;
    if (error.code === 'login_not_recent') return deleteCopy.loginNotRecent;
    if (error.code === 'rate_limited') return error.message;
  }
  return deleteCopy.failed;
}

function WhatHappens() {
  return (
    <>
      <h2 className="h4">{deleteCopy.deletedNowTitle}</h2>
      <ul>
        {deleteCopy.deletedNow.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2 className="h4">{deleteCopy.keptTitle}</h2>
      <ul>
        {deleteCopy.kept.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{deleteCopy.keptWhy}</p>
    </>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted(): void }) {
  const [options, setOptions] = useState<DeleteAccountOptions | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Each answer starts the 5 minutes afresh: the confirmation below is remounted.
  const [answers, setAnswers] = useState(0);
  const load = useCallback((signal?: AbortSignal) => {
    const loaded = (answer: DeleteAccountOptions) => {
      setOptions(answer);
      setAnswers((count) => count + 1);
    };
    fetchDeleteOptions(signal ? { signal } : undefined).then(loaded, () => {
      if (!signal?.aborted) setLoadFailed(true);
    });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <PageHeading>{deleteCopy.title}</PageHeading>
      <Row className="mt-3">
        <Col lg={8}>
          <p className="lead">{deleteCopy.intro}</p>
          <WhatHappens />
          {loadFailed ? (
            <Alert variant="danger">{deleteCopy.failed}</Alert>
          ) : options === null ? (
            <Spinner animation="border" role="status" aria-label={screensCopy.loading} />
          ) : options.confirmWith === 'password' ? (
            <PasswordConfirm onDeleted={onDeleted} />
          ) : (
            <RecentLoginConfirm
              key={answers}
              options={options}
              onDeleted={onDeleted}
              onRenewed={() => load()}
            />
          )}
        </Col>
      </Row>
    </>
  );
}

/** The deletion itself: busy state, the failure message, and the signed-in state cleared. */
function useDeletion(onDeleted: () => void, onStale?: () => void) {
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function remove(password: string | null) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await deleteAccount(password);
      auth.clearLogin();
      onDeleted();
    } catch (error) {
      setMessage(failureMessage(error));
      setBusy(false);
      if (error instanceof ApiError && error.code === 'login_not_recent') onStale?.();
    }
  }
  return { busy, message, remove };
}

function PasswordConfirm({ onDeleted }: { onDeleted(): void }) {
  const [password, setPassword] = useState('');
  const deletion = useDeletion(onDeleted);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== '') void deletion.remove(password);
  }

  return (
    <Form noValidate onSubmit={submit} aria-label={deleteCopy.title}>
      <PasswordInput
        id="delete-password"
        label={deleteCopy.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <BusyButton
        variant="danger"
        busy={deletion.busy}
        label={deleteCopy.confirm}
        busyLabel={deleteCopy.deleting}
        disabled={password === ''}
      />
      <FormAlert message={deletion.message} />
    </Form>
  );
}

/**
 * An account without a password: a login of the last 5 minutes confirms. An older one is
 * renewed by logging in again through a linked provider, on this page.
 */
function RecentLoginConfirm({
  options,
  onDeleted,
  onRenewed,
}: {
  options: Extract<DeleteAccountOptions, { confirmWith: 'recentLogin' }>;
  onDeleted(): void;
  onRenewed(): void;
}) {
  const auth = useAuth();
  // Counted from when the server answered, so the browser's clock does not matter.
  const [expired, setExpired] = useState(options.secondsLeft === 0);
  const deletion = useDeletion(onDeleted, () => setExpired(true));
  useEffect(() => {
    if (options.secondsLeft === 0) return;
    const timer = window.setTimeout(() => setExpired(true), options.secondsLeft * 1000);
    return () => window.clearTimeout(timer);
  }, [options]);
  const recent = !expired;
  const social = useSocialSignIn('login', null, async (provider, answer) => {
    const result = await socialLogin(provider, { ...answer, requestId: null });
    auth.loginSuccess(result.email, result.userRequirements);
    onRenewed();
  });
  const names = options.providers.map((provider) => socialProviderNames[provider]).join(' or ');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (recent) void deletion.remove(null);
  }

  return (
    <>
      <p>{deleteCopy.noPassword}</p>
      {recent ? (
        <Form noValidate onSubmit={submit} aria-label={deleteCopy.title}>
          <p>{deleteCopy.loginRecent}</p>
          <BusyButton
            variant="danger"
            busy={deletion.busy}
            label={deleteCopy.confirm}
            busyLabel={deleteCopy.deleting}
          />
          <FormAlert message={deletion.message} />
        </Form>
      ) : (
        <section aria-label={deleteCopy.loginStale(names)}>
          <p>{deleteCopy.loginStale(names)}</p>
          <SocialButtons
            providers={options.providers}
            label={(provider) => deleteCopy.loginAgain(socialProviderNames[provider])}
            busy={social.busy}
            onChoose={(provider) => {
              // Where a blocked popup sends the whole page, the login comes back here.
              sessionKeys.returnPath.set(browserStorage('sessionStorage'), '/account/delete');
              void social.begin(provider);
            }}
          />
          <FormAlert message={social.message ?? deletion.message} />
        </section>
      )}
    </>
  );
}

function Deleted() {
  const message = useRef<HTMLHeadingElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div role="status">
      <h1 ref={message} tabIndex={-1}>
        {deleteCopy.doneTitle}
      </h1>
      <p>{deleteCopy.done}</p>
      <WhatHappens />
    </div>
  );
}
