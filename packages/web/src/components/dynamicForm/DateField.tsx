import { joinDateParts } from '@verity/contracts';
import { useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { profileCopy } from '../../copy/profile';
import { splitIsoDate, type DateParts } from './dates';
import { FieldFeedback } from './FieldFeedback';
import { datePartAutoComplete } from './fieldHints';
import { describedBy, errorIdOf, onGroupBlur, type FieldProps } from './fieldProps';

const parts = [
  { part: 'day', label: profileCopy.day, suffix: 'd', maxLength: 2, className: 'date-part' },
  { part: 'month', label: profileCopy.month, suffix: 'm', maxLength: 2, className: 'date-part' },
  { part: 'year', label: profileCopy.year, suffix: 'y', maxLength: 4, className: 'date-part-year' },
] as const;

/**
 * date: Day, Month and Year inputs in a fieldset whose legend is the title (the spec's name
 * plus d, m and y parts), joined to yyyy-mm-dd with contracts' joinDateParts. The parts are
 * kept as typed, so a date half entered stays on the screen.
 */
export function DateField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<string>) {
  const [typed, setTyped] = useState<DateParts>(() => splitIsoDate(value));
  const hintId = `${id}-hint`;
  const errorId = error ? errorIdOf(id) : null;

  function change(part: keyof DateParts, text: string) {
    const next = { ...typed, [part]: text.trim() };
    setTyped(next);
    onChange(joinDateParts(next.day, next.month, next.year));
  }

  return (
    <fieldset
      className="mb-3"
      aria-describedby={describedBy(hintId, errorId)}
      onBlur={onGroupBlur(onTouch)}
    >
      <legend className="form-label fs-6 mb-1">{definition.title}</legend>
      <Form.Text id={hintId} className="d-block mb-2 mt-0">
        {profileCopy.dateHint}
      </Form.Text>
      <div className="d-flex flex-wrap gap-3">
        {parts.map(({ part, label, suffix, maxLength, className }) => {
          const partId = part === 'day' ? id : `${id}-${part}`;
          return (
            <Form.Group controlId={partId} key={part}>
              <Form.Label className="mb-1">{label}</Form.Label>
              <Form.Control
                className={className}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={maxLength}
                name={`${definition.name}${suffix}`}
                value={typed[part]}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  change(part, event.target.value)
                }
                autoComplete={datePartAutoComplete(definition.name, part)}
                isValid={valid}
                isInvalid={Boolean(error)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(errorId)}
              />
            </Form.Group>
          );
        })}
      </div>
      <FieldFeedback id={id} error={error} />
    </fieldset>
  );
}
