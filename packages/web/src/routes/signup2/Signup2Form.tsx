import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { register } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { EmailField } from '../../components/form/EmailField';
import { FormAlert } from '../../components/form/FormAlert';
import { NewPasswordField } from '../../components/form/NewPasswordField';
import { TermsCheckbox } from '../../components/form/TermsCheckbox';
import { isStrongEnough, usePasswordStrength } from '../../components/form/usePasswordStrength';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { isValidEmail } from '../../validation/email';
import { registerErrorMessage } from './registerOutcome';
import { screensCopy } from '../../copy/navigation';

/** E-mail, password with its strength, and the terms (first document, /signup2). */
export function Signup2Form() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const strength = usePasswordStrength(password, [email, 'verity']);
  const ready = email.trim() !== '' && password !== '' && isStrongEnough(strength) && termsAccepted;

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
      await register({ email: address, password, requestId: auth.requestId });
      auth.setPendingEmail(address);
      await navigate('/verifyemail', { state: { email: address } });
    } catch (error) {
      setMessage(registerErrorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={screensCopy.signupFormLabel}
    >
      <EmailField value={email} onChange={setEmail} showValid suggest forceValidation={submitted} />
      <NewPasswordField
        id="password"
        label={accountsCopy.password}
        value={password}
        onChange={setPassword}
        strength={strength}
      />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} />
      <BusyButton
        busy={busy}
        label={accountsCopy.createAccount}
        busyLabel={accountsCopy.creatingAccount}
        disabled={!ready}
      />
      <FormAlert message={message} />
    </Form>
  );
}
