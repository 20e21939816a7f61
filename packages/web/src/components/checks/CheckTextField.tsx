import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';

export interface CheckTextFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null;
  /** Shown upper-cased as the document prints it (names and numbers). */
  upperCase?: boolean;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  /** 'characters' for a postcode: the phone's keyboard starts in capitals. */
  autoCapitalize?: 'characters';
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
  inputMode,
  autoComplete = 'off',
  autoCapitalize,
  onChange,
  onBlur,
  onFocus,
}: CheckTextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
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
