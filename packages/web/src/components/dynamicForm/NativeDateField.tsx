import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { dateInputBound } from './dates';
import { FieldFeedback } from './FieldFeedback';
import { describedBy, errorIdOf, type FieldProps } from './fieldProps';

/**
 * date2: the browser's own date input (a calendar picker, the locale's order of day, month
 * and year), limited to the field's min and max ('today' as today's date). Its value is
 * already yyyy-mm-dd, and empty until the date is complete.
 */
export function NativeDateField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const today = new Date();
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{definition.title}</Form.Label>
      <Form.Control
        type="date"
        className="w-auto"
        name={definition.name}
        value={value}
        min={dateInputBound(definition.min, today)}
        max={dateInputBound(definition.max, today)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onTouch}
        autoComplete={definition.name === 'birthdate' ? 'bday' : undefined}
        isValid={valid}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorIdOf(id))}
      />
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}
