import { isUkMobile } from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { verifyMobileContract } from '../../api/verification';
import { checkFailure } from '../../components/checks/checkFailure';
import { BusyButton } from '../../components/form/BusyButton';
import { CheckAlert } from '../../components/checks/CheckAlert';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';

const operatorCodes = new Set([
  'mobileOperatorNotFound',
  'mobileOperatorNotSupported',
  'mobileOperatorTemporaryUnavailable',
  'mobileOperatorNoMatch',
]);

type Status = 'idle' | 'inProgress' | 'success' | 'failed';

/** /MNO: the mobile contract check (spec: idle, in progress, success or failed). */
export function MnoPage() {
  const auth = useAuth();
  if (!auth.sessionChecked) return <WaitScreen />;
  // Not signed in: the home page (spec), unlike the other checks.
  if (!auth.signedIn) return <Navigate to="/" replace />;
  return <Mno />;
}

function Mno() {
  const { user, clearLogin, assuranceChanged, verificationFailed, nextStep } = useAuth();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [needsProfile, setNeedsProfile] = useState(false);
  const valid = isUkMobile(mobile);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || status === 'inProgress') return;
    setStatus('inProgress');
    setMessage(null);
    try {
      const answer = await verifyMobileContract(mobile);
      if (user !== null) assuranceChanged(answer.assuranceChoice, answer.userRequirements);
      setStatus('success');
    } catch (error) {
      if (error instanceof ApiError && operatorCodes.has(error.code)) {
        verificationFailed();
        setStatus('failed');
        return;
      }
      const failure = checkFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        void navigate('/', { replace: true });
        return;
      }
      setMessage(failure.kind === 'refused' ? checksCopy.checkError : failure.message);
      setNeedsProfile(failure.kind === 'profile');
      setStatus('idle');
    }
  }

  return (
    <>
      <PageHeading step={status === 'success' || status === 'failed' ? status : undefined}>
        {checksCopy.mnoTitle}
      </PageHeading>
      {status === 'success' ? (
        <>
          <Alert variant="success" role="status" className="mt-3">
            {checksCopy.mnoSuccess}
          </Alert>
          <Button onClick={() => void navigate(user !== null ? nextStep() : '/')}>
            {checksCopy.continue}
          </Button>
        </>
      ) : status === 'failed' ? (
        <>
          <Alert variant="danger" role="status" className="mt-3">
            {checksCopy.mnoFailure}
          </Alert>
          <Button onClick={() => void navigate('/Verify')}>{checksCopy.differentOption}</Button>
        </>
      ) : (
        <Row className="mt-3">
          <Col md={6} lg={5}>
            <Form noValidate onSubmit={(event) => void submit(event)}>
              <Form.Group controlId="mno-mobile" className="mb-3">
                <Form.Label>{checksCopy.mobileNumber}</Form.Label>
                <Form.Control
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  value={mobile}
                  onChange={(event) => setMobile(event.target.value)}
                  aria-describedby="mno-mobile-hint"
                />
                <Form.Text id="mno-mobile-hint">{checksCopy.mobileHint}</Form.Text>
              </Form.Group>
              <BusyButton
                busy={status === 'inProgress'}
                disabled={!valid}
                label={checksCopy.verify}
                busyLabel={checksCopy.verifying}
              />
              <CheckAlert message={message} needsProfile={needsProfile} />
            </Form>
          </Col>
        </Row>
      )}
    </>
  );
}
