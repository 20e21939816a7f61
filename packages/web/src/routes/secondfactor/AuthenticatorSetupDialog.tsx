import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import {
  completeAuthenticatorSetup,
  startAuthenticatorSetup,
  type AuthenticatorSetup,
} from '../../api/secondFactor';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { CodeForm } from './CodeForm';
import { callFailure, codeOutcome } from './secondFactorMode';
import type { MethodAdded } from './SetupSecurity';

export interface AuthenticatorSetupDialogProps {
  onClose(): void;
  onDone(result: MethodAdded): void;
}

/** The key in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Starts an authenticator set-up: the secret as a QR code and as text, then a code from the
 * app to prove it was added (spec: 'Authenticator setup').
 */
export function AuthenticatorSetupDialog({ onClose, onDone }: AuthenticatorSetupDialogProps) {
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    startAuthenticatorSetup().then(
      (started) => {
        if (!cancelled) setSetup(started);
      },
      (error: unknown) => {
        if (cancelled) return;
        const failed = callFailure(error);
        setFailure(failed.kind === 'message' ? failed.message : secondFactorCopy.failed);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  async function verify(code: string) {
    const outcome = codeOutcome(await completeAuthenticatorSetup(code));
    if (outcome.kind === 'wrong') return outcome;
    onDone(outcome);
    return outcome;
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby="authenticator-dialog-title">
      <Modal.Header closeButton closeLabel={secondFactorCopy.cancel}>
        <Modal.Title id="authenticator-dialog-title" as="h2" className="h5">
          {secondFactorCopy.authenticatorDialogTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure ? <FormAlert message={failure} /> : null}
        {!setup && !failure ? <p aria-busy="true">{secondFactorCopy.loading}</p> : null}
        {setup ? (
          <>
            <p>{secondFactorCopy.authenticatorScan}</p>
            <img
              src={setup.qrCode}
              alt={secondFactorCopy.authenticatorQrAlt}
              width={200}
              height={200}
              className="d-block mx-auto mb-3"
            />
            <p className="mb-1">{secondFactorCopy.authenticatorKeyIntro}</p>
            <p>
              <code id="authenticator-key" className="fs-6">
                {grouped(setup.secret)}
              </code>
            </p>
            <CodeForm
              id="authenticator-setup-code"
              label={secondFactorCopy.authenticatorCode}
              pattern={/^\d{6}$/}
              formatMessage={secondFactorCopy.authenticatorCodeFormat}
              onSubmit={verify}
            />
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {secondFactorCopy.cancel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
