import { useEffect, useMemo, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { fetchConsent, sendConsent, type ConsentInfo } from '../../api/profile';
import { displayValue } from '../../components/dynamicForm/display';
import { ErrorScreen } from '../../components/ErrorScreen';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHeading } from '../../components/PageHeading';
import { PinPad } from '../../components/pinPad/PinPad';
import { brand } from '../../copy/brand';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { profileCopy } from '../../copy/profile';
import { PinClient } from '../../pin/pinClient';
import { useAuth } from '../../state/authContext';
import { browserStorage } from '../../state/browserStorage';
import { loadFailure, stepFailure, type LoadFailure } from '../profile/stepOutcome';
import { useStepDone } from '../profile/useStepDone';

/** The spec's legal pages, linked from the consent screen and opened in a new window. */
const legalLinks = [
  { href: '/about', label: profileCopy.aboutLink },
  { href: '/terms', label: profileCopy.termsLink },
  { href: '/privacy', label: profileCopy.privacyLink },
];

/**
 * /Consent: what the client would receive, as a table of Field and Value (the values read
 * as the dynamic form's rules show them), and Confirm or Cancel. Cancel ends the request:
 * the client hears access_denied. When this browser has a signing identity of the user for
 * this client, the PIN pad confirms instead: the consent is signed with token and PIN, and
 * the server checks the signature (a wrong PIN counts as at login) before it is given.
 */
export function ConsentPage() {
  return (
    <RequireSignedIn>
      <Consent />
    </RequireSignedIn>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; info: ConsentInfo }
  | { status: 'failed'; failure: LoadFailure };

function Consent() {
  const { clearLogin, client } = useAuth();
  const navigate = useNavigate();
  const stepDone = useStepDone('consent');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const [signingBlocked, setSigningBlocked] = useState(false);
  const info = loaded.status === 'ready' ? loaded.info : null;
  const signer = useMemo(() => {
    if (!info) return null;
    const pins = new PinClient({
      server: `${window.location.origin}/api/mpin`,
      customerId: info.toSign.clientId,
      storage: browserStorage('localStorage'),
    });
    return pins.canSign(info.toSign.userId) ? pins : null;
  }, [info]);

  useEffect(() => {
    const controller = new AbortController();
    fetchConsent({ signal: controller.signal }).then(
      (info) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', info });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = loadFailure(error);
        if (failure.kind === 'login') clearLogin();
        setLoaded({ status: 'failed', failure });
      },
    );
    return () => controller.abort();
  }, [clearLogin]);

  async function decide(approved: boolean, pin?: string) {
    if (busy) return;
    setBusy(approved ? 'confirm' : 'cancel');
    setMessage(null);
    setPinError(null);
    try {
      const signed =
        approved && pin && signer && info ? signer.signConsent(info.toSign, pin) : undefined;
      const answer = await sendConsent(approved, signed);
      if (stepDone(answer)) return;
    } catch (error) {
      if (pin && error instanceof ApiError && error.status === 401) {
        setPinError(error.message);
        setBusy(null);
        return;
      }
      if (pin && info && error instanceof ApiError && error.status === 410) {
        signer?.signingRevoked(info.toSign.userId);
        setSigningBlocked(true);
        setMessage(profileCopy.consentSignRevoked);
        setBusy(null);
        return;
      }
      const failure = stepFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        void navigate('/login', { replace: true });
        return;
      }
      if (failure.kind === 'earlierStep') {
        void navigate(failure.route, { replace: true });
        return;
      }
    }
    setMessage(profileCopy.consentError);
    setBusy(null);
  }

  if (loaded.status === 'loading') {
    return <WaitScreen clientName={client?.clientName} clientLogo={client?.clientLogo} />;
  }
  if (loaded.status === 'failed') {
    if (loaded.failure.kind === 'login') return <Navigate to="/login" replace />;
    if (loaded.failure.kind === 'earlierStep')
      return <Navigate to={loaded.failure.route} replace />;
    return <ErrorScreen detail={loaded.failure.detail} />;
  }
  const { clientName, attributes } = loaded.info;
  return (
    <>
      <PageHeading>{profileCopy.consentTitle}</PageHeading>
      <Row className="mt-3">
        <Col md={10} lg={8}>
          <p>
            {attributes.length > 0
              ? profileCopy.consentText(clientName)
              : profileCopy.consentNothing(clientName)}
          </p>
          {attributes.length > 0 ? (
            <Table bordered responsive className="mb-4">
              <caption className="visually-hidden">
                {profileCopy.consentCaption(clientName)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{profileCopy.field}</th>
                  <th scope="col">{profileCopy.value}</th>
                </tr>
              </thead>
              <tbody>
                {attributes.map((attribute) => {
                  const shown = displayValue(attribute.type, attribute.defaultValue);
                  return (
                    <tr key={attribute.name}>
                      <th scope="row">{attribute.title}</th>
                      <td>
                        {shown === '' ? (
                          <span className="text-body-secondary">{profileCopy.notProvided}</span>
                        ) : (
                          shown
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          ) : null}
          {signer && !signingBlocked ? (
            <>
              <p>{profileCopy.consentSignText}</p>
              <PinPad
                mode="login"
                length={signer.signingPinLength(loaded.info.toSign.userId)}
                product={brand.product}
                error={pinError}
                busy={busy === 'confirm'}
                onSubmit={({ pin }) => void decide(true, pin)}
              />
            </>
          ) : null}
          <div className="d-flex flex-wrap gap-2 mt-3">
            {signer && !signingBlocked ? null : (
              <BusyButton
                type="button"
                busy={busy === 'confirm'}
                label={profileCopy.confirm}
                busyLabel={profileCopy.confirming}
                disabled={busy !== null}
                onClick={() => void decide(true)}
              />
            )}
            <BusyButton
              type="button"
              variant="outline-secondary"
              busy={busy === 'cancel'}
              label={profileCopy.cancel}
              busyLabel={profileCopy.cancelling}
              disabled={busy !== null}
              onClick={() => void decide(false)}
            />
          </div>
          <FormAlert message={message} />
          <ul className="list-inline small mt-4" aria-label={profileCopy.consentLinksLabel}>
            {legalLinks.map(({ href, label }) => (
              <li key={href} className="list-inline-item">
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                  <span className="visually-hidden">{profileCopy.opensNewTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </Col>
      </Row>
    </>
  );
}
