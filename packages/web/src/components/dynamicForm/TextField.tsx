import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FieldFeedback } from './FieldFeedback';
import { autoCompleteFor, decorativeIcon, textInputType } from './fieldHints';
import { describedBy, errorIdOf, type FieldProps } from './fieldProps';

/**
 * text and email: one input; an e-mail field gets the e-mail keyboard and autofill, a phone
 * number (phone_number) the phone keypad and autofill (tel).
 */
export function TextField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const email = definition.type === 'email';
  const type = textInputType(definition.name, email ? 'email' : 'text');
  const icon = decorativeIcon(definition.icon);
  const control = (
    <Form.Control
      type={type}
      inputMode={type === 'tel' ? 'tel' : undefined}
      name={definition.name}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      onBlur={onTouch}
      autoComplete={email ? 'email' : autoCompleteFor(definition.name)}
      autoCapitalize={email ? 'off' : undefined}
      spellCheck={email ? false : undefined}
      isValid={valid}
      isInvalid={Boolean(error)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && errorIdOf(id))}
    />
  );
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{definition.title}</Form.Label>
      {icon ? (
        <InputGroup>
          <InputGroup.Text aria-hidden="true">{icon}</InputGroup.Text>
          {control}
        </InputGroup>
      ) : (
        control
      )}
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}
