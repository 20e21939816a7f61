import { useLayoutEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageHeading } from '../../components/PageHeading';
import { accountsCopy } from '../../copy/accounts';
import { stepFromLink, type Step } from './linkStep';
import { NewPasswordStep } from './NewPasswordStep';
import { ResetCodeStep } from './ResetCodeStep';
import { ResetEmailStep } from './ResetEmailStep';

const titles: Record<Exclude<Step['step'], 'error'>, string> = {
  email: accountsCopy.forgotPasswordTitle,
  code: accountsCopy.verifyYourEmail,
  password: accountsCopy.newPasswordTitle,
  done: accountsCopy.passwordChangedTitle,
};

/** Removes the link's token from the address bar before the screen is painted. */
function useClearedLink(): void {
  useLayoutEffect(() => {
    if (new URLSearchParams(window.location.hash.slice(1)).has('token'))
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);
}

/**
 * /forgotpassword: e-mail, then the code sent to it, then a new password. The reset token
 * stays in memory only: a reload starts again.
 */
export function ForgotPasswordPage() {
  const [current, setCurrent] = useState<Step>(() => stepFromLink(window.location.hash));
  useClearedLink();
  const failed = () => setCurrent({ step: 'error' });

  if (current.step === 'error') return <ErrorScreen />;
  return (
    <>
      <PageHeading step={current.step}>{titles[current.step]}</PageHeading>
      <Row className="mt-3">
        <Col md={8} lg={6}>
          {current.step === 'email' ? (
            <ResetEmailStep
              initialEmail={current.email}
              notice={current.notice}
              onSent={(email) => setCurrent({ step: 'code', email })}
              onError={failed}
            />
          ) : current.step === 'code' ? (
            <ResetCodeStep
              email={current.email}
              onBack={() => setCurrent({ step: 'email', email: current.email, notice: null })}
              onVerified={(resetToken) =>
                setCurrent({ step: 'password', email: current.email, resetToken })
              }
              onError={failed}
            />
          ) : current.step === 'password' ? (
            <NewPasswordStep
              email={current.email}
              resetToken={current.resetToken}
              onDone={() => setCurrent({ step: 'done' })}
              onExpired={() =>
                setCurrent({
                  step: 'email',
                  email: current.email,
                  notice: accountsCopy.resetCodeExpired,
                })
              }
              onError={failed}
            />
          ) : (
            <>
              <p role="status">{accountsCopy.passwordChanged}</p>
              <Link className="btn btn-primary" to="/login">
                {accountsCopy.logIn}
              </Link>
            </>
          )}
        </Col>
      </Row>
    </>
  );
}
