import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { register } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { EmailField } from '../../components/form/EmailField';
import { FormAlert } from '../../components/form/FormAlert';
import { TermsCheckbox } from '../../components/form/TermsCheckbox';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { isValidEmail } from '../../validation/email';
import { registerErrorMessage } from '../signup2/registerOutcome';
import { screensCopy } from '../../copy/navigation';

/** Step 1: the e-mail to verify, and the terms (enforced), then a code is sent to it. */
export function EmailStep({ onSent }: { onSent(email: string): Promise<void> }) {
  const { requestId } = useAuth();
  const [email, setEmail] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const ready = email.trim() !== '' && termsAccepted;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    setSubmitted(true);
    if (!isValidEmail(email)) {
      document.getElementById('email')?.focus();
      return;
    }
    const address = email.trim();
    setBusy(true);
    setMessage(null);
    try {
      await register({ email: address, requestId });
      await onSent(address);
    } catch (error) {
      setMessage(registerErrorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={screensCopy.verificationFormLabel}
    >
      <p>{screensCopy.verificationIntro}</p>
      <EmailField value={email} onChange={setEmail} showValid suggest forceValidation={submitted} />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} />
      <BusyButton
        busy={busy}
        label={accountsCopy.sendVerificationEmail}
        busyLabel={accountsCopy.sendingVerificationEmail}
        disabled={!ready}
      />
      <FormAlert message={message} />
    </Form>
  );
}
