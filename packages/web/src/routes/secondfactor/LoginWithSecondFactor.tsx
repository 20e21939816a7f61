import type { SecondFactorList, SecondFactorMethod, SecondFactorResult } from '@verity/contracts';
import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import type { StepDone } from '../../api/profile';
import {
  authenticatorLogin,
  completePhoneLogin,
  recoveryCodeLogin,
  startPhoneLogin,
} from '../../api/secondFactor';
import { PageHeading } from '../../components/PageHeading';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { browserStorage } from '../../state/browserStorage';
import { sessionKeys } from '../../state/storage';
import { useStepDone } from '../profile/useStepDone';
import { CodeForm } from './CodeForm';
import { PhoneCodeFlow } from './PhoneCodeFlow';
import { SecurityKeyLogin } from './SecurityKeyLogin';
import { codeOutcome, loginMethods, type CodeOutcome } from './secondFactorMode';

type Choice = SecondFactorMethod | 'recovery';

/**
 * 'Login with 2FA': the entry form of the first configured method, and a way to use any
 * other configured method or a recovery code.
 */
export function LoginWithSecondFactor({ methods }: { methods: SecondFactorList }) {
  const available = loginMethods(methods);
  const [choice, setChoice] = useState<Choice>(available[0] ?? 'recovery');
  const stepDone = useBackToAccountOr(useStepDone('loginWithSecondFactor'));

  async function proved(answer: SecondFactorResult) {
    const outcome = codeOutcome(answer);
    if (outcome.kind === 'done')
      stepDone({ userRequirements: outcome.userRequirements ?? [], redirect_Uri: null });
    return outcome;
  }

  const others: Choice[] = [...available.filter((method) => method !== choice)];
  if (choice !== 'recovery') others.push('recovery');

  return (
    <>
      <PageHeading step={choice}>{secondFactorCopy.loginTitle}</PageHeading>
      <p className="mt-3">{secondFactorCopy.loginIntro}</p>
      <Row>
        <Col md={8} lg={6}>
          {choice === 'Authenticator' ? (
            <CodeForm
              key="authenticator"
              id="authenticator-code"
              label={secondFactorCopy.authenticatorLoginCode}
              pattern={/^\d{6}$/}
              formatMessage={secondFactorCopy.authenticatorCodeFormat}
              onSubmit={async (code) => proved(await authenticatorLogin(code))}
            />
          ) : choice === 'Sms' || choice === 'Voice' ? (
            <PhoneLogin
              key={choice}
              kind={choice === 'Sms' ? 'sms' : 'voice'}
              methods={methods}
              proved={proved}
            />
          ) : choice === 'WebAuthn' ? (
            <SecurityKeyLogin key="webauthn" onDone={stepDone} />
          ) : choice === 'recovery' ? (
            <CodeForm
              key="recovery"
              id="recovery-code"
              label={secondFactorCopy.recoveryLoginCode}
              pattern={/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/}
              formatMessage={secondFactorCopy.recoveryCodeFormat}
              onSubmit={async (code) => proved(await recoveryCodeLogin(code))}
            />
          ) : null}
          <section aria-labelledby="other-methods-title" className="mt-4">
            <h2 id="other-methods-title" className="h6">
              {secondFactorCopy.useAnother}
            </h2>
            <div className="d-flex flex-wrap gap-2">
              {others.map((other) => (
                <Button key={other} variant="outline-primary" onClick={() => setChoice(other)}>
                  {other === 'recovery'
                    ? secondFactorCopy.useRecoveryCode
                    : secondFactorCopy.methodNames[other]}
                </Button>
              ))}
            </div>
          </section>
        </Col>
      </Row>
    </>
  );
}

/**
 * With no sign-in request in progress, an account page sent the user here (its path saved
 * under return): back to it once the second factor is proved; otherwise the request's step.
 */
function useBackToAccountOr(stepDone: (answer: StepDone) => boolean) {
  const { requestId } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (answer: StepDone) => {
      const saved = sessionKeys.returnPath.get(browserStorage('sessionStorage'));
      if (requestId !== null || saved === null) return stepDone(answer);
      void navigate(saved, { replace: true });
      return true;
    },
    [requestId, navigate, stepDone],
  );
}

interface PhoneLoginProps {
  kind: 'sms' | 'voice';
  methods: SecondFactorList;
  proved(answer: SecondFactorResult): Promise<CodeOutcome>;
}

/** SMS and voice login alike (the spec's SMS mapping was a defect): send, follow, enter the code. */
function PhoneLogin({ kind, methods, proved }: PhoneLoginProps) {
  const name =
    methods.find((method) => method.authMethod === (kind === 'sms' ? 'Sms' : 'Voice'))
      ?.displayName ?? '';
  return (
    <>
      <p>
        {kind === 'sms'
          ? secondFactorCopy.smsLoginIntro(name)
          : secondFactorCopy.voiceLoginIntro(name)}
      </p>
      <PhoneCodeFlow
        kind={kind}
        start={() => startPhoneLogin(kind)}
        verify={async (code) => proved(await completePhoneLogin(kind, code))}
      />
    </>
  );
}
