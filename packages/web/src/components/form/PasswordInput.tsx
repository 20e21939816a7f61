import { useState, type ChangeEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { accountsCopy } from '../../copy/accounts';

export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  isValid?: boolean;
  isInvalid?: boolean;
  /** Ids of the texts that describe the field (strength, feedback). */
  describedBy?: string;
  /** Shown under the field when it is invalid. */
  feedback?: ReactNode;
}

/** A password field with a show/hide toggle named for what it does. */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  isValid,
  isInvalid,
  describedBy,
  feedback,
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const feedbackId = `${id}-feedback`;
  const describedByIds =
    [describedBy, isInvalid && feedback ? feedbackId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          isValid={isValid}
          isInvalid={isInvalid}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
        />
        <Button
          variant="outline-secondary"
          onClick={() => setShown((now) => !now)}
          aria-label={shown ? accountsCopy.hidePassword : accountsCopy.showPassword}
          aria-controls={id}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
        {feedback ? (
          <Form.Control.Feedback type="invalid" id={feedbackId}>
            {feedback}
          </Form.Control.Feedback>
        ) : null}
      </InputGroup>
    </Form.Group>
  );
}
