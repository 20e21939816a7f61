import { useState } from 'react';
import { Navigate } from 'react-router';
import type { StepDone } from '../../api/profile';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { loginWithKey } from './securityKey';

/** Login with a security key: one button, then the browser's own prompt. */
export function SecurityKeyLogin({ onDone }: { onDone(answer: StepDone): boolean }) {
  const { clearLogin } = useAuth();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  async function use() {
    setBusy(true);
    setMessage(null);
    const outcome = await loginWithKey();
    if (outcome.kind === 'done') {
      onDone({ userRequirements: outcome.userRequirements ?? [], redirect_Uri: null });
      return;
    }
    setBusy(false);
    if (outcome.kind === 'login') {
      clearLogin();
      setSignedOut(true);
    } else setMessage(outcome.message);
  }

  if (signedOut) return <Navigate to="/login" replace />;
  return (
    <>
      <p>{secondFactorCopy.useKeyIntro}</p>
      <BusyButton
        type="button"
        busy={busy}
        label={secondFactorCopy.useKey}
        busyLabel={secondFactorCopy.addingKey}
        onClick={() => void use()}
      />
      <FormAlert message={message} />
    </>
  );
}
