import { useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ApiError } from '../../../api/client';
import { requestProof } from '../../../api/share';
import { BusyButton } from '../../../components/form/BusyButton';
import { EmailField } from '../../../components/form/EmailField';
import { FormAlert } from '../../../components/form/FormAlert';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { requestProofCopy } from '../../../copy/account';
import { accountsCopy } from '../../../copy/accounts';

/** account/requestproof: the home page's 'Request proof from someone...'. */
export function RequestProofPage() {
  return (
    <RequireAccountUser>
      <RequestProof />
    </RequireAccountUser>
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited') return error.message;
  if (error instanceof ApiError && error.code === 'validation_failed')
    return accountsCopy.emailInvalid;
  return requestProofCopy.failed;
}

function RequestProof() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipient = email.trim();
    if (recipient === '' || busy) return;
    setBusy(true);
    setMessage(null);
    setSent(null);
    try {
      await requestProof(recipient);
      setSent(requestProofCopy.sent(recipient));
      setEmail('');
    } catch (error) {
      setMessage(failureMessage(error));
    }
    setBusy(false);
  }

  return (
    <>
      <PageHeading>{requestProofCopy.title}</PageHeading>
      <Row className="mt-3">
        <Col md={8} lg={6}>
          <p>{requestProofCopy.intro}</p>
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={requestProofCopy.title}
          >
            <EmailField
              id="proof-email"
              label={requestProofCopy.email}
              value={email}
              onChange={setEmail}
            />
            <BusyButton
              busy={busy}
              label={requestProofCopy.send}
              busyLabel={requestProofCopy.sending}
              disabled={email.trim() === ''}
            />
            <FormAlert message={message} />
            <FormAlert message={sent} variant="success" />
          </Form>
        </Col>
      </Row>
    </>
  );
}
