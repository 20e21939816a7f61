import { useEffect, useRef, useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { deleteAccount } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { BusyButton } from '../../../components/form/BusyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { deleteCopy } from '../../../copy/account';
import { useAuth } from '../../../state/authContext';

/** account/delete: says what goes and what is kept, then closes the account after the password. */
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
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await deleteAccount(password);
      auth.clearLogin();
      onDeleted();
    } catch (error) {
      setMessage(failureMessage(error));
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading>{deleteCopy.title}</PageHeading>
      <Row className="mt-3">
        <Col lg={8}>
          <p className="lead">{deleteCopy.intro}</p>
          <WhatHappens />
          <Form noValidate onSubmit={(event) => void submit(event)} aria-label={deleteCopy.title}>
            <PasswordInput
              id="delete-password"
              label={deleteCopy.password}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <BusyButton
              variant="danger"
              busy={busy}
              label={deleteCopy.confirm}
              busyLabel={deleteCopy.deleting}
              disabled={password === ''}
            />
            <FormAlert message={message} />
          </Form>
        </Col>
      </Row>
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
