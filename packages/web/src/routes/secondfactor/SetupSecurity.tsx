import type { Requirement, SecondFactorList } from '@verity/contracts';
import { useState } from 'react';
import { renewRecoveryCodes } from '../../api/secondFactor';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageHeading } from '../../components/PageHeading';
import { secondFactorCopy } from '../../copy/secondFactor';
import { useAuth } from '../../state/authContext';
import { useStepDone } from '../profile/useStepDone';
import { MethodSetupCard, type CardMethod } from './MethodSetupCard';
import { RecoveryCodes } from './RecoveryCodes';
import { SecurityKeyCard } from './SecurityKeyCard';
import { afterSecondFactor, callFailure } from './secondFactorMode';

export interface SetupSecurityProps {
  methods: SecondFactorList;
  reload(): void;
}

/** The spec's cards, in its order. */
const cardMethods: Array<CardMethod | 'WebAuthn'> = ['Sms', 'Voice', 'WebAuthn', 'Authenticator'];

/** A method was set up: what the request still needs, and the recovery codes if new. */
export interface MethodAdded {
  userRequirements: Requirement[] | null;
  recoveryCodes: string[] | null;
}

/**
 * 'Setup security': a card per method with set up or remove; Continue once one is set up,
 * and the advice to set up more than one.
 */
export function SetupSecurity({ methods, reload }: SetupSecurityProps) {
  const { user } = useAuth();
  const stepDone = useStepDone('setupSecondFactor');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [requirements, setRequirements] = useState<Requirement[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [renewError, setRenewError] = useState<string | null>(null);

  async function renew() {
    setRenewing(true);
    setRenewError(null);
    try {
      setRecoveryCodes(await renewRecoveryCodes());
    } catch (error) {
      const failure = callFailure(error);
      setRenewError(failure.kind === 'message' ? failure.message : secondFactorCopy.failed);
    }
    setRenewing(false);
  }

  function added(result: MethodAdded) {
    if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
    if (result.userRequirements) setRequirements(result.userRequirements);
    reload();
  }

  function next() {
    stepDone({
      userRequirements: requirements ?? afterSecondFactor(user?.userReqs ?? []),
      redirect_Uri: null,
    });
  }

  return (
    <>
      <PageHeading>{secondFactorCopy.setupTitle}</PageHeading>
      <p className="mt-3">{secondFactorCopy.setupIntro}</p>
      <p>{secondFactorCopy.moreThanOne}</p>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      <Row xs={1} md={2} className="g-3 mt-1">
        {cardMethods.map((kind) => (
          <Col key={kind}>
            {kind === 'WebAuthn' ? (
              <SecurityKeyCard
                keys={methods.filter((method) => method.authMethod === 'WebAuthn')}
                onAdded={added}
                onRemoved={reload}
              />
            ) : (
              <MethodSetupCard
                kind={kind}
                method={methods.find((method) => method.authMethod === kind) ?? null}
                onAdded={added}
                onRemoved={reload}
              />
            )}
          </Col>
        ))}
      </Row>
      <div className="mt-4 d-flex flex-wrap gap-2">
        <Button onClick={next} disabled={methods.length === 0}>
          {secondFactorCopy.continue}
        </Button>
        {methods.length > 0 ? (
          <BusyButton
            type="button"
            variant="outline-secondary"
            busy={renewing}
            label={secondFactorCopy.recoveryRenew}
            busyLabel={secondFactorCopy.recoveryRenewing}
            onClick={() => void renew()}
          />
        ) : null}
      </div>
      <FormAlert message={renewError} />
    </>
  );
}
