import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { sendResetCode } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { EmailField } from '../../components/form/EmailField';
import { FormAlert } from '../../components/form/FormAlert';
import { accountsCopy } from '../../copy/accounts';
import { isValidEmail } from '../../validation/email';
import { screensCopy } from '../../copy/navigation';

export interface ResetEmailStepProps {
  initialEmail: string;
  /** Shown above the form, for example when an earlier code ran out. */
  notice: string | null;
  onSent(email: string): void;
  onError(): void;
}

/** Step 1: the account's e-mail; a code is sent to it ('Send Email'). */
export function ResetEmailStep({ initialEmail, notice, onSent, onError }: ResetEmailStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (!isValidEmail(email)) {
      document.getElementById('email')?.focus();
      return;
    }
    setBusy(true);
    try {
      await sendResetCode(email.trim());
      onSent(email.trim());
    } catch {
      onError();
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={screensCopy.resetFormLabel}
    >
      <FormAlert variant="warning" message={notice} />
      <p>{accountsCopy.forgotPasswordIntro}</p>
      <EmailField value={email} onChange={setEmail} forceValidation={submitted} />
      <BusyButton busy={busy} label={accountsCopy.sendEmail} busyLabel={accountsCopy.sending} />
    </Form>
  );
}
