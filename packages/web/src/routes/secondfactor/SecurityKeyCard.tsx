import type { SecondFactorList } from '@verity/contracts';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Navigate } from 'react-router';
import { removeWebauthn } from '../../api/secondFactor';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { MethodCard } from './MethodCard';
import { registerKey } from './securityKey';
import { callFailure } from './secondFactorMode';
import type { MethodAdded } from './SetupSecurity';

export interface SecurityKeyCardProps {
  keys: SecondFactorList;
  onAdded(result: MethodAdded): void;
  onRemoved(): void;
}

/** The Security Key card: several keys, each removable; a new key's name defaults to the e-mail. */
export function SecurityKeyCard({ keys, onAdded, onRemoved }: SecurityKeyCardProps) {
  const { email, clearLogin } = useAuth();
  const [name, setName] = useState(email ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  async function add() {
    setBusy('add');
    setMessage(null);
    const outcome = await registerKey(name);
    setBusy(null);
    if (outcome.kind === 'login') {
      clearLogin();
      setSignedOut(true);
    } else if (outcome.kind === 'failed') setMessage(outcome.message);
    else onAdded(outcome);
  }

  async function remove(id: string) {
    setBusy(id);
    setMessage(null);
    try {
      await removeWebauthn(id);
      onRemoved();
    } catch (error) {
      const failure = callFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        setSignedOut(true);
      } else setMessage(failure.message);
    }
    setBusy(null);
  }

  if (signedOut) return <Navigate to="/login" replace />;
  return (
    <MethodCard
      id="webauthn"
      title={secondFactorCopy.securityKeyTitle}
      text={secondFactorCopy.securityKeyText}
      setUpAs={keys.length > 0 ? keys.map((key) => key.displayName).join(', ') : null}
    >
      {keys.length > 0 ? (
        <ListGroup className="mb-3">
          {keys.map((key) => (
            <ListGroup.Item
              key={key.id}
              className="d-flex justify-content-between align-items-center gap-2"
            >
              {/* A long name (up to 64 characters, maybe without a space) wraps in the card. */}
              <span className="text-break" style={{ minWidth: 0 }}>
                {key.displayName}
              </span>
              <BusyButton
                className="flex-shrink-0"
                type="button"
                size="sm"
                variant="outline-danger"
                busy={busy === key.id}
                label={secondFactorCopy.remove}
                busyLabel={secondFactorCopy.removing}
                aria-label={`${secondFactorCopy.remove} ${key.displayName}`}
                disabled={busy !== null}
                onClick={() => void remove(key.id)}
              />
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Form.Group controlId="webauthn-name" className="mb-2">
          <Form.Label>{secondFactorCopy.keyName}</Form.Label>
          <Form.Control
            value={name}
            maxLength={64}
            onChange={(event) => setName(event.target.value)}
            disabled={busy !== null}
          />
        </Form.Group>
        <BusyButton
          busy={busy === 'add'}
          label={keys.length > 0 ? secondFactorCopy.addKey : secondFactorCopy.setUp}
          busyLabel={secondFactorCopy.addingKey}
          aria-label={
            keys.length > 0
              ? secondFactorCopy.addKey
              : `${secondFactorCopy.setUp} ${secondFactorCopy.securityKeyTitle}`
          }
          disabled={busy !== null}
        />
      </Form>
      <FormAlert message={message} />
    </MethodCard>
  );
}
