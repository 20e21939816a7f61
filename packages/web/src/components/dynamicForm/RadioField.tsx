import { radioLayout } from '@verity/contracts';
import { Fragment } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldFeedback } from './FieldFeedback';
import { describedBy, errorIdOf, onGroupBlur, type FieldProps } from './fieldProps';

/**
 * radio: a set of radios in a fieldset. As the spec's layout rule says (contracts'
 * radioLayout): buttons when all the choices' text is short, and side by side (inline) for
 * 12 choices or fewer. The buttons are real radios (Bootstrap's btn-check), so the arrow
 * keys move between them.
 */
export function RadioField({
  definition,
  id,
  value,
  error,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const choices = definition.choices ?? [];
  const layout = radioLayout(choices);
  const errorId = error ? errorIdOf(id) : null;
  const optionId = (index: number) => (index === 0 ? id : `${id}-${index}`);
  return (
    <fieldset
      className="mb-3"
      aria-describedby={describedBy(errorId)}
      onBlur={onGroupBlur(onTouch)}
    >
      <legend className="form-label fs-6 mb-2">{definition.title}</legend>
      {layout.buttons ? (
        <div
          className={
            layout.inline ? 'd-flex flex-wrap gap-2' : 'd-grid gap-2 radio-buttons-stacked'
          }
        >
          {choices.map((choice, index) => (
            <Fragment key={choice}>
              <input
                type="radio"
                className="btn-check"
                id={optionId(index)}
                name={definition.name}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                aria-invalid={error ? true : undefined}
              />
              <label
                className={`btn ${error ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                htmlFor={optionId(index)}
              >
                {choice}
              </label>
            </Fragment>
          ))}
        </div>
      ) : (
        choices.map((choice, index) => (
          <Form.Check
            key={choice}
            type="radio"
            inline={layout.inline}
            id={optionId(index)}
            name={definition.name}
            value={choice}
            label={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            isInvalid={Boolean(error)}
            aria-invalid={error ? true : undefined}
          />
        ))
      )}
      <FieldFeedback id={id} error={error} />
    </fieldset>
  );
}
