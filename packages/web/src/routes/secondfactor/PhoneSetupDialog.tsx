import { mobileNumberPattern, voiceNumberPattern } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { completePhoneSetup, startPhoneSetup, type PhoneKind } from '../../api/secondFactor';
import { secondFactorCopy } from '../../copy/secondFactor';
import { PhoneCodeFlow } from './PhoneCodeFlow';
import { codeOutcome } from './secondFactorMode';
import type { MethodAdded } from './SetupSecurity';

export interface PhoneSetupDialogProps {
  kind: PhoneKind;
  onClose(): void;
  onDone(result: MethodAdded): void;
}

/** The SMS or Voice set-up dialog: the number, the code sent to it, Verify (spec, section 4). */
export function PhoneSetupDialog({ kind, onClose, onDone }: PhoneSetupDialogProps) {
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const normalized = number.replace(/\s+/g, '');
  const valid = (kind === 'sms' ? mobileNumberPattern : voiceNumberPattern).test(normalized);
  const title =
    kind === 'sms' ? secondFactorCopy.smsDialogTitle : secondFactorCopy.voiceDialogTitle;
  const error =
    touched && !valid
      ? kind === 'sms'
        ? secondFactorCopy.mobileNumberFormat
        : secondFactorCopy.phoneNumberFormat
      : null;

  async function verify(code: string) {
    const outcome = codeOutcome(await completePhoneSetup(kind, sentTo ?? normalized, code));
    if (outcome.kind === 'done') onDone(outcome);
    return outcome;
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${kind}-dialog-title`}>
      <Modal.Header closeButton closeLabel={secondFactorCopy.cancel}>
        <Modal.Title id={`${kind}-dialog-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <PhoneCodeFlow
          kind={kind}
          canStart={valid}
          start={() => startPhoneSetup(kind, normalized)}
          onStarted={() => setSentTo(normalized)}
          verify={verify}
        >
          <Form.Group controlId={`${kind}-number`} className="mb-3">
            <Form.Label>
              {kind === 'sms' ? secondFactorCopy.mobileNumber : secondFactorCopy.phoneNumber}
            </Form.Label>
            <Form.Control
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              maxLength={20}
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setSentTo(null);
              }}
              onBlur={() => setTouched(normalized !== '')}
              isInvalid={Boolean(error)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${kind}-number-feedback` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${kind}-number-feedback`} role="alert">
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        </PhoneCodeFlow>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {secondFactorCopy.cancel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
