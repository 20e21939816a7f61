import type { AddressValue, FieldDefinition, ProfileField } from '@verity/contracts';
import { useMemo, useReducer, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { ProfileValues } from '../../api/profile';
import { profileCopy } from '../../copy/profile';
import { BusyButton } from '../form/BusyButton';
import { dateErrorTarget } from '../form/dateParts';
import { ErrorSummary } from '../form/ErrorSummary';
import { summaryErrors } from '../form/errorSummary';
import { FormAlert } from '../form/FormAlert';
import { AddressField } from './AddressField';
import { DateField } from './DateField';
import { DropdownField } from './DropdownField';
import type { FieldProps } from './fieldProps';
import {
  fieldErrors,
  firstInvalidField,
  formReducer,
  initialFormState,
  shownError,
  shownValid,
  submissionValues,
  type FieldErrors,
  type FieldValue,
} from './formState';
import { RadioField } from './RadioField';
import { RadioTilesField } from './RadioTilesField';
import { SearchableDropdownField } from './SearchableDropdownField';
import { TextField } from './TextField';
import { VerifiedField } from './VerifiedField';
import './dynamicForm.css';

/** What became of the values sent: done (the page moves on), refused per field, or failed. */
export type SubmitResult =
  { kind: 'done' } | { kind: 'refused'; errors: FieldErrors } | { kind: 'failed'; message: string };

export interface DynamicFormProps {
  /** A field marked verified (profile) is locked behind a warning (VerifiedField). */
  fields: readonly (FieldDefinition | ProfileField)[];
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the values (all valid by contracts' rules); the form stays busy when done. */
  onSubmit(values: ProfileValues): Promise<SubmitResult>;
}

const emptyAddress: AddressValue = { postcode: '', uprn: '', text: '', picklist: false };

/** The field component of a definition's type. */
function Field({ props }: { props: FieldProps<FieldValue> }) {
  const { definition, value, onChange } = props;
  if (definition.type === 'address') {
    const address = typeof value === 'string' ? emptyAddress : value;
    return <AddressField {...props} value={address} onChange={onChange} />;
  }
  const text = typeof value === 'string' ? value : '';
  const textProps: FieldProps<string> = { ...props, value: text, onChange };
  switch (definition.type) {
    case 'dropdown':
      return <DropdownField {...textProps} />;
    case 'dropdown2':
      return <SearchableDropdownField {...textProps} />;
    case 'radio':
      return <RadioField {...textProps} />;
    case 'radio2':
      return <RadioTilesField {...textProps} />;
    case 'date':
    case 'date2':
      return <DateField {...textProps} />;
    case 'text':
    case 'email':
      return <TextField {...textProps} />;
  }
}

/** The id of a field's first control. */
export const fieldId = (name: string) => `field-${name}`;

/** Where the error summary's link for a field goes: its first control, a date's first part in error. */
function summaryTarget(
  fields: readonly FieldDefinition[],
  name: string,
  value: FieldValue | undefined,
): string {
  const type = fields.find((field) => field.name === name)?.type;
  const isDate = (type === 'date' || type === 'date2') && typeof value === 'string';
  return isDate ? dateErrorTarget(fieldId(name), value) : fieldId(name);
}

/**
 * The one dynamic form of /Profile (and the field rules /Consent reads back): renders the
 * server's field definitions by type, checks them with contracts' validateFieldValue, and
 * shows each message once its field is left or the form is sent, or the server's message
 * for the field after a refused Continue. A Continue with messages moves the focus to the
 * first field that has one.
 */
export function DynamicForm({ fields, label, submitLabel, busyLabel, onSubmit }: DynamicFormProps) {
  const [state, dispatch] = useReducer(formReducer, fields, initialFormState);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Continues refused (by the rules or the server): each moves the focus to the summary. */
  const [refusals, setRefusals] = useState(0);
  const errors = useMemo(() => fieldErrors(fields, state.values), [fields, state.values]);
  const summary = summaryErrors(
    fields.map((field) => field.name),
    (name) => shownError(state, name, errors[name] ?? null),
    (name) => summaryTarget(fields, name, state.values[name]),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    dispatch({ type: 'submit' });
    setMessage(null);
    const invalid = firstInvalidField(fields, errors);
    if (invalid !== null) {
      setRefusals((count) => count + 1);
      return;
    }
    setBusy(true);
    const result = await onSubmit(submissionValues(fields, state.values));
    if (result.kind === 'done') return;
    setBusy(false);
    if (result.kind === 'failed') {
      setMessage(result.message);
      return;
    }
    dispatch({ type: 'refused', errors: result.errors });
    const refused = firstInvalidField(fields, result.errors);
    // Messages about no field of this form (it changed meanwhile) are said as a whole.
    if (refused === null) setMessage(profileCopy.unknownFields);
    else setRefusals((count) => count + 1);
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
      <ErrorSummary errors={summary} focusRequest={refusals} />
      {fields.map((definition) => {
        const error = shownError(state, definition.name, errors[definition.name] ?? null);
        const id = fieldId(definition.name);
        const field = (
          <Field
            props={{
              definition,
              id,
              value: state.values[definition.name] ?? '',
              error,
              valid: shownValid(state, definition.name, errors[definition.name] ?? null),
              onChange: (value) => dispatch({ type: 'change', name: definition.name, value }),
              onTouch: () => dispatch({ type: 'touch', name: definition.name }),
            }}
          />
        );
        return (
          <div key={definition.name} data-field={definition.name}>
            {'verified' in definition && definition.verified ? (
              <VerifiedField id={id} title={definition.title}>
                {field}
              </VerifiedField>
            ) : (
              field
            )}
          </div>
        );
      })}
      <BusyButton busy={busy} label={submitLabel} busyLabel={busyLabel} className="mt-2" />
      <FormAlert message={message} />
    </Form>
  );
}
