import { useState, type ChangeEvent, type FocusEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { formsCopy } from '../../copy/forms';
import {
  datePartAutoComplete,
  datePartId,
  datePartOrder,
  datePartsValue,
  dateEntryProblem,
  splitIsoDate,
  type DatePart,
  type DateParts,
} from './dateParts';
import './dateInput.css';

export interface DateInputProps {
  /** The id of the Day input; the others are `${id}-month` and `${id}-year`. */
  id: string;
  /** The field's label, the fieldset's legend. */
  legend: string;
  /** The form value: yyyy-mm-dd, '' or the parts as typed (datePartsValue). */
  value: string;
  /** The message to show now, or null. */
  error: string | null;
  /** Names of the inputs: `${name}d`, `${name}m`, `${name}y` (the spec's date parts). */
  name?: string;
  hint?: string;
  /** A date of birth: the browser may fill it in (bday-day, bday-month, bday-year). */
  birthDate?: boolean;
  /** Mark the inputs green (the dynamic form's left-and-fine). */
  valid?: boolean;
  onChange(value: string): void;
  /** The focus has left the three inputs. */
  onBlur(): void;
  onFocus?(): void;
}

const parts: ReadonlyArray<{ part: DatePart; label: string; suffix: string; className: string }> = [
  { part: 'day', label: formsCopy.day, suffix: 'd', className: 'date-part' },
  { part: 'month', label: formsCopy.month, suffix: 'm', className: 'date-part' },
  { part: 'year', label: formsCopy.year, suffix: 'y', className: 'date-part-year' },
];

/** The id of a date field's message, which its fieldset and inputs name in aria-describedby. */
export const dateErrorId = (id: string) => `${id}-error`;

/**
 * A date as the GOV.UK Design System asks for one: Day, Month and Year text inputs (numeric
 * keyboard) in a fieldset whose legend is the field's label, a hint, and the message above
 * the inputs, with aria-invalid on the inputs it is about. The form gets one string
 * (datePartsValue): the yyyy-mm-dd the API takes, or what was typed so far, which the form's
 * rules refuse with dateEntryProblem's message.
 */
export function DateInput({
  id,
  legend,
  value,
  error,
  name,
  hint = formsCopy.pastDateHint,
  birthDate = false,
  valid = false,
  onChange,
  onBlur,
  onFocus,
}: DateInputProps) {
  const hintId = `${id}-hint`;
  const errorId = error ? dateErrorId(id) : null;
  const [typed, setTyped] = useState<DateParts>(() => partsOf(value));
  // What was typed ('05' stays '05'), unless the value was set from outside.
  const shown = datePartsValue(typed) === value ? typed : partsOf(value);
  const problem = error ? dateEntryProblem(value, legend) : null;
  const inError = new Set<DatePart>(error ? (problem?.parts ?? datePartOrder) : []);

  function change(part: DatePart, text: string) {
    const next = { ...shown, [part]: text };
    setTyped(next);
    onChange(datePartsValue(next));
  }

  function leave(event: FocusEvent<HTMLFieldSetElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onBlur();
  }

  return (
    <fieldset
      className="mb-3"
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
      onBlur={leave}
      onFocus={onFocus}
    >
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <Form.Text id={hintId} className="d-block mb-2 mt-0">
        {hint}
      </Form.Text>
      {error ? (
        <div id={dateErrorId(id)} className="invalid-feedback d-block mt-0 mb-2">
          {error}
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-3">
        {parts.map(({ part, label, suffix, className }) => (
          <Form.Group controlId={datePartId(id, part)} key={part}>
            <Form.Label className="mb-1">{label}</Form.Label>
            <Form.Control
              className={className}
              type="text"
              inputMode="numeric"
              spellCheck={false}
              name={name ? `${name}${suffix}` : undefined}
              value={shown[part]}
              onChange={(event: ChangeEvent<HTMLInputElement>) => change(part, event.target.value)}
              autoComplete={datePartAutoComplete(birthDate, part)}
              isValid={valid && !error}
              isInvalid={inError.has(part)}
              aria-invalid={inError.has(part) ? true : undefined}
              aria-describedby={errorId ?? undefined}
            />
          </Form.Group>
        ))}
      </div>
    </fieldset>
  );
}

/** The inputs' texts for a value: a date's parts, or the parts as typed (year-month-day). */
function partsOf(value: string): DateParts {
  const date = splitIsoDate(value);
  if (date.year !== '') return date;
  const pieces = value.split('-');
  if (pieces.length !== 3) return date;
  return { year: pieces[0]!, month: pieces[1]!, day: pieces[2]! };
}
