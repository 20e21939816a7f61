import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';

export interface CheckTextFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null;
  /** Shown upper-cased as the document prints it (names and numbers). */
  upperCase?: boolean;
  type?: 'text' | 'date';
  min?: string;
  max?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  onChange(value: string): void;
  onBlur(): void;
  onFocus?(): void;
}

/** One field of an identity-document form, with its message below it. */
export function CheckTextField({
  id,
  label,
  value,
  error,
  upperCase,
  type = 'text',
  min,
  max,
  inputMode,
  autoComplete = 'off',
  onChange,
  onBlur,
  onFocus,
}: CheckTextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        className={type === 'date' ? 'w-auto' : undefined}
        value={value}
        min={min}
        max={max}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={false}
        style={upperCase ? { textTransform: 'uppercase' } : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        onFocus={onFocus}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
