import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { resetPassword } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { NewPasswordField } from '../../components/form/NewPasswordField';
import { isStrongEnough, usePasswordStrength } from '../../components/form/usePasswordStrength';
import { accountsCopy } from '../../copy/accounts';
import { resetProblem } from './resetOutcome';
import { screensCopy } from '../../copy/navigation';

export interface NewPasswordStepProps {
  email: string;
  resetToken: string;
  onDone(): void;
  /** The token ran out before the password was set: the user asks for a new code. */
  onExpired(): void;
  onError(): void;
}

/** Step 3: the new password, with the same strength meter and rule as sign-up. */
export function NewPasswordStep({
  email,
  resetToken,
  onDone,
  onExpired,
  onError,
}: NewPasswordStepProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const strength = usePasswordStrength(password, [email, 'verity']);
  const ready = password !== '' && isStrongEnough(strength);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await resetPassword({ email, resetToken, password });
      onDone();
    } catch (error) {
      const problem = resetProblem(error);
      if (problem.kind === 'weakPassword') {
        setRefusal(problem.message);
        setBusy(false);
      } else if (problem.kind === 'invalidCode') {
        onExpired();
      } else {
        onError();
      }
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={screensCopy.newPasswordFormLabel}
    >
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField
        id="new-password"
        label={accountsCopy.newPassword}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setRefusal(null);
        }}
        strength={strength}
        error={refusal}
      />
      <BusyButton
        busy={busy}
        label={accountsCopy.setNewPassword}
        busyLabel={accountsCopy.saving}
        disabled={!ready}
      />
    </Form>
  );
}
