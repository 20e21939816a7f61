import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { verifyResetCode } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { CodeField } from '../../components/form/CodeField';
import { accountsCopy } from '../../copy/accounts';
import { normalizeCode, resetCodeError } from '../../validation/code';
import { resetProblem } from './resetOutcome';
import { screensCopy } from '../../copy/navigation';

export interface ResetCodeStepProps {
  email: string;
  onBack(): void;
  onVerified(resetToken: string): void;
  onError(): void;
}

/** Step 2, 'Verify your email': the 6-digit code from the e-mail, with Back and Verify. */
export function ResetCodeStep({ email, onBack, onVerified, onError }: ResetCodeStepProps) {
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [wrongCode, setWrongCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const formatError = resetCodeError(code);
  const error = wrongCode
    ? accountsCopy.invalidCode
    : checked && formatError !== null
      ? formatError
      : null;

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    setWrongCode(false);
    if (formatError !== null) {
      document.getElementById('code')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await verifyResetCode({ email, code: normalizeCode(code) });
      if (answer.invalidCode || !answer.resetToken) {
        setWrongCode(true);
        setBusy(false);
        return;
      }
      onVerified(answer.resetToken);
    } catch (failure) {
      if (resetProblem(failure).kind === 'invalidCode') {
        setWrongCode(true);
        setBusy(false);
      } else {
        onError();
      }
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void verify(event)}
      aria-label={screensCopy.codeFormLabel}
    >
      <p>{accountsCopy.resetCodeSent(email)}</p>
      <CodeField
        label={accountsCopy.code}
        value={code}
        onChange={(value) => {
          setCode(value);
          setWrongCode(false);
        }}
        onBlur={() => setChecked(code !== '')}
        isValid={checked && formatError === null && !wrongCode}
        error={error}
      />
      {/* The main action first: the button under the pointer after 'Send Email' is not Back. */}
      <div className="d-flex gap-2">
        <BusyButton busy={busy} label={accountsCopy.verify} busyLabel={accountsCopy.verifying} />
        <Button variant="outline-secondary" onClick={onBack} disabled={busy}>
          {accountsCopy.back}
        </Button>
      </div>
    </Form>
  );
}
