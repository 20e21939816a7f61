import { DateInput } from '../form/DateInput';
import type { FieldProps } from './fieldProps';

/**
 * date and date2: the one DateInput (Day, Month and Year in a fieldset whose legend is the
 * title, named by the spec's d, m and y parts). date2 was the browser's own date picker,
 * which shows mm/dd/yyyy on a UK service; both are the GOV.UK date input now (issue 21).
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
  return (
    <DateInput
      id={id}
      legend={definition.title}
      name={definition.name}
      value={value}
      error={error}
      valid={valid}
      birthDate={definition.name === 'birthdate'}
      onChange={onChange}
      onBlur={onTouch}
    />
  );
}
