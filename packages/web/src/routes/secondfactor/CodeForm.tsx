import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Navigate } from 'react-router';
import { BusyButton } from '../../components/form/BusyButton';
import { CodeField } from '../../components/form/CodeField';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { callFailure, type CodeOutcome } from './secondFactorMode';

export interface CodeFormProps {
  id: string;
  label: string;
  /** What a well-formed code looks like (spaces ignored); Verify waits for one. */
  pattern: RegExp;
  formatMessage: string;
  onSubmit(code: string): Promise<CodeOutcome>;
  /** The button's text instead of Verify, shown disabled (a call still reading the code). */
  waitingLabel?: string;
}

/** A code and Verify; a wrong code shows 'This code is incorrect, please try again.' */
export function CodeForm({
  id,
  label,
  pattern,
  formatMessage,
  onSubmit,
  waitingLabel,
}: CodeFormProps) {
  const { clearLogin } = useAuth();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const normalized = code.replace(/\s+/g, '');
  const valid = pattern.test(normalized);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    setMessage(null);
    setWrong(false);
    try {
      const outcome = await onSubmit(normalized);
      if (outcome.kind === 'wrong') {
        setWrong(true);
        setBusy(false);
      }
    } catch (error) {
      const failure = callFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        setSignedOut(true);
        return;
      }
      setMessage(failure.message);
      setBusy(false);
    }
  }

  if (signedOut) return <Navigate to="/login" replace />;
  const fieldError = wrong ? secondFactorCopy.wrongCode : touched && !valid ? formatMessage : null;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <CodeField
        id={id}
        label={label}
        value={code}
        onChange={(value) => {
          setCode(value);
          setWrong(false);
        }}
        onBlur={() => setTouched(normalized !== '')}
        isValid={valid}
        error={fieldError}
        disabled={busy}
      />
      <FormAlert message={message} />
      <BusyButton
        busy={busy}
        label={waitingLabel ?? secondFactorCopy.verify}
        busyLabel={secondFactorCopy.verifying}
        disabled={waitingLabel !== undefined}
      />
    </Form>
  );
}
