import type { SecondFactorList } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Navigate } from 'react-router';
import { removeAuthenticator, removePhone } from '../../api/secondFactor';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { AuthenticatorSetupDialog } from './AuthenticatorSetupDialog';
import { MethodCard } from './MethodCard';
import { PhoneSetupDialog } from './PhoneSetupDialog';
import { callFailure } from './secondFactorMode';
import type { MethodAdded } from './SetupSecurity';

/** The methods with one card each here (security keys have their own card). */
export type CardMethod = 'Sms' | 'Voice' | 'Authenticator';

const cards = {
  Sms: {
    id: 'sms',
    title: secondFactorCopy.smsTitle,
    text: secondFactorCopy.smsText,
    remove: () => removePhone('sms'),
  },
  Voice: {
    id: 'voice',
    title: secondFactorCopy.voiceTitle,
    text: secondFactorCopy.voiceText,
    remove: () => removePhone('voice'),
  },
  Authenticator: {
    id: 'authenticator',
    title: secondFactorCopy.authenticatorTitle,
    text: secondFactorCopy.authenticatorText,
    remove: removeAuthenticator,
  },
} as const;

export interface MethodSetupCardProps {
  kind: CardMethod;
  method: SecondFactorList[number] | null;
  onAdded(result: MethodAdded): void;
  onRemoved(): void;
}

/** The card of SMS, Voice or Authenticator App: set up (its dialog) or remove (its own call). */
export function MethodSetupCard({ kind, method, onAdded, onRemoved }: MethodSetupCardProps) {
  const card = cards[kind];
  const { clearLogin } = useAuth();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  async function remove() {
    setBusy(true);
    setMessage(null);
    try {
      await card.remove();
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

  function done(result: MethodAdded) {
    setDialog(false);
    onAdded(result);
  }

  if (signedOut) return <Navigate to="/login" replace />;
  return (
    <MethodCard
      id={card.id}
      title={card.title}
      text={card.text}
      setUpAs={method?.displayName ?? null}
    >
      {method ? (
        <BusyButton
          type="button"
          variant="outline-danger"
          busy={busy}
          label={secondFactorCopy.remove}
          busyLabel={secondFactorCopy.removing}
          aria-label={`${secondFactorCopy.remove} ${card.title}`}
          onClick={() => void remove()}
        />
      ) : (
        <Button
          variant="primary"
          aria-label={`${secondFactorCopy.setUp} ${card.title}`}
          onClick={() => {
            setMessage(null);
            setDialog(true);
          }}
        >
          {secondFactorCopy.setUp}
        </Button>
      )}
      <FormAlert message={message} />
      {dialog && kind === 'Authenticator' ? (
        <AuthenticatorSetupDialog onClose={() => setDialog(false)} onDone={done} />
      ) : null}
      {dialog && kind !== 'Authenticator' ? (
        <PhoneSetupDialog
          kind={kind === 'Sms' ? 'sms' : 'voice'}
          onClose={() => setDialog(false)}
          onDone={done}
        />
      ) : null}
    </MethodCard>
  );
}
