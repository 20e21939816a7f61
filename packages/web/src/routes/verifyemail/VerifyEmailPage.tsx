import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RedirectWhenSignedIn } from '../../components/RedirectWhenSignedIn';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { CodeStep } from './CodeStep';
import { EmailStep } from './EmailStep';
import { verifyEmailStep, type VerifyEmailState } from './verifyEmailStep';

/**
 * /verifyemail (second document): send a code to an e-mail, then enter it. Each step is
 * its own history entry, so the browser's Back (and the screen's) returns to step 1.
 */
export function VerifyEmailPage() {
  return (
    <RedirectWhenSignedIn>
      <VerifyEmail />
    </RedirectWhenSignedIn>
  );
}

function VerifyEmail() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const current = verifyEmailStep(location.state, auth.pendingEmail());
  const here = location.pathname;

  async function codeSent(email: string) {
    auth.setPendingEmail(email);
    // Step 1 stays in history as step 1, whatever is kept for a reload.
    await navigate(here, { replace: true, state: { step: 'email' } satisfies VerifyEmailState });
    await navigate(here, { state: { email } satisfies VerifyEmailState });
  }

  function startOver() {
    auth.setPendingEmail(null);
    void navigate(here, { replace: true, state: { step: 'email' } satisfies VerifyEmailState });
  }

  function back() {
    // The first page of this visit has nothing before it in the app: go to step 1.
    if (location.key === 'default') startOver();
    else void navigate(-1);
  }

  return (
    <>
      <PageHeading step={current.step}>{accountsCopy.verifyEmailTitle}</PageHeading>
      <div className="row mt-3">
        <div className="col-md-8 col-lg-6">
          {current.step === 'code' ? (
            <CodeStep
              key={current.email}
              email={current.email}
              onBack={back}
              onStartOver={startOver}
            />
          ) : (
            <EmailStep onSent={codeSent} />
          )}
        </div>
      </div>
    </>
  );
}
