import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { profileCopy } from '../../copy/profile';
import { FieldFeedback } from './FieldFeedback';
import { describedBy, errorIdOf, type FieldProps } from './fieldProps';

/** dropdown: a select whose first option, 'Please select...', is not an answer. */
export function DropdownField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{definition.title}</Form.Label>
      <Form.Select
        name={definition.name}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        onBlur={onTouch}
        isValid={valid}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorIdOf(id))}
      >
        <option value="">{profileCopy.selectPlaceholder}</option>
        {(definition.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </Form.Select>
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}
