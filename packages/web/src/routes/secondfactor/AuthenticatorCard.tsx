import type { SecondFactorList } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Navigate } from 'react-router';
import { removeAuthenticator } from '../../api/secondFactor';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { AuthenticatorSetupDialog } from './AuthenticatorSetupDialog';
import { MethodCard } from './MethodCard';
import { callFailure } from './secondFactorMode';
import type { MethodAdded } from './SetupSecurity';

export interface AuthenticatorCardProps {
  method: SecondFactorList[number] | null;
  onAdded(result: MethodAdded): void;
  onRemoved(): void;
}

/** The Authenticator App card: set up (QR code dialog) or remove (its own call). */
export function AuthenticatorCard({ method, onAdded, onRemoved }: AuthenticatorCardProps) {
  const { clearLogin } = useAuth();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  async function remove() {
    setBusy(true);
    setMessage(null);
    try {
      await removeAuthenticator();
      onRemoved();
    } catch (error) {
      const failure = callFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        setSignedOut(true);
      } else setMessage(failure.message);
    }
    setBusy(false);
  }

  if (signedOut) return <Navigate to="/login" replace />;
  return (
    <MethodCard
      id="authenticator"
      title={secondFactorCopy.authenticatorTitle}
      text={secondFactorCopy.authenticatorText}
      setUpAs={method?.displayName ?? null}
    >
      {method ? (
        <BusyButton
          type="button"
          variant="outline-danger"
          busy={busy}
          label={secondFactorCopy.remove}
          busyLabel={secondFactorCopy.removing}
          aria-label={`${secondFactorCopy.remove} ${secondFactorCopy.authenticatorTitle}`}
          onClick={() => void remove()}
        />
      ) : (
        <Button
          variant="primary"
          aria-label={`${secondFactorCopy.setUp} ${secondFactorCopy.authenticatorTitle}`}
          onClick={() => {
            setMessage(null);
            setDialog(true);
          }}
        >
          {secondFactorCopy.setUp}
        </Button>
      )}
      <FormAlert message={message} />
      {dialog ? (
        <AuthenticatorSetupDialog
          onClose={() => setDialog(false)}
          onDone={(result) => {
            setDialog(false);
            onAdded(result);
          }}
        />
      ) : null}
    </MethodCard>
  );
}
