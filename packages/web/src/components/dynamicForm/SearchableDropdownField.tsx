import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { profileCopy } from '../../copy/profile';
import { FieldFeedback } from './FieldFeedback';
import { matchChoice } from './fieldHints';
import { describedBy, errorIdOf, type FieldProps } from './fieldProps';

/**
 * dropdown2: the presentation for long choice lists (countries, nationalities). A text input
 * with a <datalist>: the browser's own combobox, which filters the choices as the user
 * types, works with the keyboard and screen readers, and needs no script of ours. Chosen
 * over a hand-made filterable listbox because the platform's one is accessible as it is.
 * What is typed is matched to a choice ignoring case when the field is left; anything that
 * is not a choice is refused by the rules ('This field is invalid').
 */
export function SearchableDropdownField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const choices = definition.choices ?? [];
  const listId = `${id}-choices`;
  const hintId = `${id}-hint`;
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{definition.title}</Form.Label>
      <Form.Control
        type="text"
        name={definition.name}
        list={listId}
        value={value}
        autoComplete="off"
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={() => {
          const matched = matchChoice(value, choices);
          if (matched !== value) onChange(matched);
          onTouch();
        }}
        isValid={valid}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorIdOf(id))}
      />
      <datalist id={listId}>
        {choices.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <Form.Text id={hintId}>{profileCopy.typeToFilter}</Form.Text>
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}
