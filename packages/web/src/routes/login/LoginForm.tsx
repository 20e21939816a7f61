import { useState, type ChangeEvent, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { loginWithEmail } from '../../api/accounts';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordInput } from '../../components/form/PasswordInput';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { loginErrorMessage, loginOutcome } from './loginOutcome';
import { screensCopy } from '../../copy/navigation';

/** E-mail and password login (first document, /login). */
export function LoginForm() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const failed = message === accountsCopy.loginFailed;
  const incomplete = email.trim() === '' || password === '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (incomplete || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await loginWithEmail({
        email: email.trim(),
        password,
        rememberMe,
        requestId: auth.requestId,
      });
      const outcome = loginOutcome(answer, email);
      if (outcome.kind === 'failed') {
        setMessage(accountsCopy.loginFailed);
        setBusy(false);
      } else if (outcome.kind === 'verifyEmail') {
        auth.setPendingEmail(outcome.email);
        await navigate('/verifyemail', { state: { email: outcome.email } });
      } else {
        // The signed-in screen guard then moves on to the next step.
        auth.loginSuccess(outcome.email, outcome.userReqs);
      }
    } catch (error) {
      setMessage(loginErrorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={screensCopy.loginFormLabel}
    >
      <Form.Group controlId="email" className="mb-3">
        <Form.Label>{accountsCopy.email}</Form.Label>
        <Form.Control
          type="email"
          value={email}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setEmail(event.target.value)}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
      </Form.Group>
      <PasswordInput
        id="password"
        label={accountsCopy.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <Form.Check
          type="checkbox"
          id="remember-me"
          label={accountsCopy.rememberMe}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <Link to="/forgotpassword">{accountsCopy.forgotPassword}</Link>
      </div>
      <BusyButton
        busy={busy}
        label={accountsCopy.login}
        busyLabel={accountsCopy.pleaseWait}
        disabled={incomplete}
        className="w-100"
      />
      <FormAlert message={message} />
      {failed ? (
        // The same line for every failed login, so it reveals nothing about the account.
        <p>
          {accountsCopy.loginFailedHint}{' '}
          <Link to="/forgotpassword">{accountsCopy.loginFailedReset}</Link>
        </p>
      ) : null}
    </Form>
  );
}
