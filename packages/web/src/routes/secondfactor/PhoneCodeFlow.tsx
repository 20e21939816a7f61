import type { DeliveryStatus, PhoneCodeLength, PhoneCodeStart } from '@verity/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { pollPhoneStatus, type PhoneKind } from '../../api/secondFactor';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { secondFactorCopy } from '../../copy/secondFactor';
import { CodeForm } from './CodeForm';
import { phoneCodeRule } from './phoneCode';
import {
  didNotReach,
  POLL_INTERVAL_MS,
  pollingEnds,
  showsCodeEntry,
  verifyLabel,
} from './phoneStatus';
import { callFailure, type CodeOutcome } from './secondFactorMode';

export interface PhoneCodeFlowProps {
  kind: PhoneKind;
  /** Sends the code (set-up or login); answers the first status and the code's length. */
  start(): Promise<PhoneCodeStart>;
  /** False while the number entered is not valid (set-up). */
  canStart?: boolean;
  verify(code: string): Promise<CodeOutcome>;
  /** Shown above the button (the number field of a set-up). */
  children?: ReactNode;
  onStarted?(): void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  // `polls` counts answers, so a status repeated by the next poll still schedules another.
  | { kind: 'tracking'; status: DeliveryStatus; polls: number }
  | { kind: 'failed'; message: string };

/**
 * Sends a code by SMS or voice and follows its status about every second (spec, section 4):
 * 'Sending...' until an SMS is delivered; a call's code entry shows once answered, its button
 * reading 'Answered...' and then Verify; busy, failed or no-answer end with 'Try again'.
 */
export function PhoneCodeFlow({
  kind,
  start,
  canStart = true,
  verify,
  children,
  onStarted,
}: PhoneCodeFlowProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // The server's answer decides; the code entry only shows after it.
  const [codeLength, setCodeLength] = useState<PhoneCodeLength>(6);
  const status = phase.kind === 'tracking' ? phase.status : null;
  const polls = phase.kind === 'tracking' ? phase.polls : 0;

  useEffect(() => {
    if (status === null || pollingEnds(kind, status)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      pollPhoneStatus(kind).then(
        (next) => {
          if (!cancelled) setPhase({ kind: 'tracking', status: next, polls: polls + 1 });
        },
        (error: unknown) => {
          if (cancelled) return;
          const failure = callFailure(error);
          setPhase({
            kind: 'failed',
            message: failure.kind === 'message' ? failure.message : secondFactorCopy.failed,
          });
        },
      );
    }, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [kind, status, polls]);

  async function send() {
    setPhase({ kind: 'starting' });
    try {
      const first = await start();
      onStarted?.();
      setCodeLength(first.codeLength);
      setPhase({ kind: 'tracking', status: first.status, polls: 0 });
    } catch (error) {
      const failure = callFailure(error);
      setPhase({
        kind: 'failed',
        message: failure.kind === 'message' ? failure.message : secondFactorCopy.failed,
      });
    }
  }

  const sending = kind === 'sms' ? secondFactorCopy.sending : secondFactorCopy.calling;
  const startLabel = kind === 'sms' ? secondFactorCopy.sendCode : secondFactorCopy.callMe;
  const codeEntry = status !== null && showsCodeEntry(kind, status);
  const ended = status !== null && didNotReach(status);
  const inFlight = phase.kind === 'starting' || (status !== null && !codeEntry && !ended);
  const codeRule = phoneCodeRule(codeLength);

  return (
    <div>
      {children}
      {ended ? <FormAlert variant="warning" message={secondFactorCopy.notReached[status]} /> : null}
      {phase.kind === 'failed' ? <FormAlert message={phase.message} /> : null}
      {codeEntry ? (
        <>
          <CodeForm
            id={`${kind}-code`}
            label={kind === 'sms' ? secondFactorCopy.smsCode : secondFactorCopy.voiceCode}
            pattern={codeRule.pattern}
            formatMessage={codeRule.message}
            onSubmit={verify}
            waitingLabel={
              verifyLabel(kind, status).answered ? secondFactorCopy.answered : undefined
            }
          />
          {pollingEnds(kind, status) ? (
            <Button variant="link" className="px-0 mt-2" onClick={() => void send()}>
              {kind === 'sms' ? secondFactorCopy.sendAgain : secondFactorCopy.callAgain}
            </Button>
          ) : null}
        </>
      ) : (
        <BusyButton
          type="button"
          busy={inFlight}
          label={ended || phase.kind === 'failed' ? secondFactorCopy.tryAgain : startLabel}
          busyLabel={sending}
          disabled={!canStart}
          onClick={() => void send()}
        />
      )}
    </div>
  );
}
