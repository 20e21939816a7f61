import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { resendEmailCode, verifyEmailCode } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { CodeField } from '../../components/form/CodeField';
import { FormAlert } from '../../components/form/FormAlert';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { isSixDigitCode, normalizeCode } from '../../validation/code';
import { codeProblem, codeProblemMessage, type CodeProblem } from './verifyOutcome';
import { screensCopy } from '../../copy/navigation';

export interface CodeStepProps {
  email: string;
  onBack(): void;
  onStartOver(): void;
}

/**
 * Step 2: the 6-digit code sent to `email`. Verify is enabled only for 6 digits. An
 * expired code offers 'Try again' (a new code) or, when it cannot be resent, 'Start over'.
 */
export function CodeStep({ email, onBack, onStartOver }: CodeStepProps) {
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const [resent, setResent] = useState(false);
  const valid = isSixDigitCode(code);
  const expired =
    problem?.kind === 'codeExpiredCanResend' || problem?.kind === 'codeExpiredCannotResend';

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || busy || expired) return;
    setBusy(true);
    setProblem(null);
    setResent(false);
    try {
      const answer = await verifyEmailCode({
        email,
        code: normalizeCode(code),
        requestId: auth.requestId,
      });
      auth.setPendingEmail(null);
      // Login success; the signed-in screen guard then moves on to the next step.
      auth.loginSuccess(answer.email, answer.userRequirements);
    } catch (error) {
      setProblem(codeProblem(error));
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      await resendEmailCode(email);
      setProblem(null);
      setCode('');
      setResent(true);
    } catch (error) {
      setProblem(codeProblem(error));
    }
    setBusy(false);
  }

  function changeCode(value: string) {
    setCode(value);
    // A new attempt: the last one's verdict no longer applies.
    if (problem?.kind === 'invalidCode' || problem?.kind === 'failed') setProblem(null);
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void verify(event)}
      aria-label={screensCopy.codeFormLabel}
    >
      <CodeField
        label={`${accountsCopy.enterCodeSentTo} ${email}`}
        value={code}
        onChange={changeCode}
        isValid={valid}
        error={problem?.kind === 'invalidCode' ? codeProblemMessage(problem) : null}
        disabled={expired}
      />
      {resent ? <FormAlert variant="success" message={screensCopy.newCodeSent(email)} /> : null}
      {problem && problem.kind !== 'invalidCode' ? (
        <FormAlert
          variant={problem.kind === 'failed' ? 'danger' : 'warning'}
          message={codeProblemMessage(problem)}
        />
      ) : null}
      {/* The main action first: the button under the pointer after sending is not Back. */}
      <div className="d-flex gap-2 mt-3">
        {problem?.kind === 'codeExpiredCanResend' ? (
          <BusyButton
            type="button"
            busy={busy}
            label={accountsCopy.tryAgain}
            busyLabel={accountsCopy.resending}
            onClick={() => void resend()}
          />
        ) : problem?.kind === 'codeExpiredCannotResend' ? (
          <Button onClick={onStartOver}>{accountsCopy.startOver}</Button>
        ) : (
          <BusyButton
            busy={busy}
            label={accountsCopy.verify}
            busyLabel={accountsCopy.verifying}
            disabled={!valid}
          />
        )}
        <Button variant="outline-secondary" onClick={onBack} disabled={busy}>
          {accountsCopy.back}
        </Button>
      </div>
    </Form>
  );
}
