import { useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { accountsCopy } from '../../copy/accounts';
import { emailSuggestion, isValidEmail } from '../../validation/email';

export interface EmailFieldProps {
  id?: string;
  label?: string;
  value: string;
  onChange(value: string): void;
  /** Marks the field green when the address is valid (sign-up). */
  showValid?: boolean;
  /** Offers a did-you-mean fix for a mistyped domain when the field loses focus. */
  suggest?: boolean;
  /** Shows the invalid state now (the form was sent), not only after the field is left. */
  forceValidation?: boolean;
}

/**
 * The e-mail field of the sign-up screens: red with 'Email is invalid' once left with an
 * address that fails the pattern, green when valid, and a did-you-mean the user can accept.
 */
export function EmailField({
  id = 'email',
  label = accountsCopy.email,
  value,
  onChange,
  showValid = false,
  suggest = false,
  forceValidation = false,
}: EmailFieldProps) {
  const [left, setLeft] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const valid = isValidEmail(value);
  const invalid = (left || forceValidation) && !valid;
  const feedbackId = `${id}-feedback`;
  const suggestionId = `${id}-suggestion`;

  function leave() {
    setLeft(value.trim() !== '');
    setSuggestion(suggest ? emailSuggestion(value) : null);
  }

  function accept(fixed: string) {
    onChange(fixed);
    setSuggestion(null);
    document.getElementById(id)?.focus();
  }

  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="email"
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange(event.target.value);
          setSuggestion(null);
        }}
        onBlur={leave}
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        isValid={showValid && valid}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [invalid ? feedbackId : null, suggestion ? suggestionId : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      <Form.Control.Feedback type="invalid" id={feedbackId}>
        {accountsCopy.emailInvalid}
      </Form.Control.Feedback>
      <div aria-live="polite">
        {suggestion ? (
          <Form.Text id={suggestionId} as="p" className="mb-0">
            {accountsCopy.didYouMean}{' '}
            <Button
              variant="link"
              className="p-0 align-baseline"
              style={{ fontSize: 'inherit' }}
              onClick={() => accept(suggestion)}
            >
              {suggestion}
            </Button>
            ?
          </Form.Text>
        ) : null}
      </div>
    </Form.Group>
  );
}
