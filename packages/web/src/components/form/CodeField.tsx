import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';

export interface CodeFieldProps {
  id?: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  isValid?: boolean;
  /** The message under the field; the field is marked invalid while there is one. */
  error?: string | null;
  disabled?: boolean;
}

/** A 6-digit code from an e-mail: numeric keyboard, and the browser may fill it in. */
export function CodeField({
  id = 'code',
  label,
  value,
  onChange,
  onBlur,
  isValid,
  error,
  disabled,
}: CodeFieldProps) {
  const feedbackId = `${id}-feedback`;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        className="code-input"
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        isValid={isValid && !error}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? feedbackId : undefined}
        disabled={disabled}
      />
      <Form.Control.Feedback type="invalid" id={feedbackId} role="alert">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
