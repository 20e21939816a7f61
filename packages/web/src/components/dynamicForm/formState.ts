import {
  normalisePostcode,
  validateFieldValue,
  type AddressValue,
  type FieldDefinition,
} from '@verity/contracts';
import type { ProfileValues } from '../../api/profile';
import { fieldMessages } from '../../copy/forms';
import { dateEntryProblem } from '../form/dateParts';
import { emptyAddress, parseAddressValue } from './address';

/** A value of the dynamic form: text (dates as yyyy-mm-dd), or an address. */
export type FieldValue = string | AddressValue;

/** Messages by field name. */
export type FieldErrors = Record<string, string>;

export interface FormState {
  values: Record<string, FieldValue>;
  /** The fields the user has left at least once: their messages show from then on. */
  touched: Record<string, true>;
  /** Set by the first Continue: every field's message shows from then on. */
  submitted: boolean;
  /** The server's messages of a refused Continue, each until its field changes. */
  serverErrors: FieldErrors;
}

export type FormAction =
  | { type: 'change'; name: string; value: FieldValue }
  | { type: 'touch'; name: string }
  | { type: 'submit' }
  | { type: 'refused'; errors: FieldErrors };

const choiceTypes = new Set(['dropdown', 'radio', 'radio2']);

/** A field's starting value: its known value (an address from its JSON), else empty. */
export function initialValue(definition: FieldDefinition): FieldValue {
  if (definition.type === 'address') {
    return parseAddressValue(definition.defaultValue) ?? emptyAddress();
  }
  const value = definition.defaultValue ?? '';
  // A known value that is no longer a choice would show as picked when it is not.
  if (
    choiceTypes.has(definition.type) &&
    definition.choices &&
    !definition.choices.includes(value)
  ) {
    return '';
  }
  return value;
}

export function initialFormState(fields: readonly FieldDefinition[]): FormState {
  return {
    values: Object.fromEntries(fields.map((field) => [field.name, initialValue(field)])),
    touched: {},
    submitted: false,
    serverErrors: {},
  };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'change': {
      const { [action.name]: _answered, ...serverErrors } = state.serverErrors;
      return { ...state, values: { ...state.values, [action.name]: action.value }, serverErrors };
    }
    case 'touch':
      if (state.touched[action.name]) return state;
      return { ...state, touched: { ...state.touched, [action.name]: true } };
    case 'submit':
      return state.submitted ? state : { ...state, submitted: true };
    case 'refused':
      return { ...state, submitted: true, serverErrors: action.errors };
  }
}

/** The value as it is checked and sent: text trimmed, the postcode in its usual form. */
export function normalisedValue(definition: FieldDefinition, value: FieldValue): FieldValue {
  if (typeof value === 'string') return value.trim();
  if (definition.type !== 'address') return value;
  return {
    postcode: normalisePostcode(value.postcode).trim(),
    uprn: value.uprn,
    text: value.text.trim(),
    picklist: value.picklist,
  };
}

function valueOf(definition: FieldDefinition, values: FormState['values']): FieldValue {
  return values[definition.name] ?? initialValue(definition);
}

/** A date half typed (DateInput) is said so before contracts' rules judge it. */
function fieldError(field: FieldDefinition, value: FieldValue, today: Date): string | null {
  if ((field.type === 'date' || field.type === 'date2') && typeof value === 'string') {
    const problem = dateEntryProblem(value, field.title);
    if (problem) return problem.message;
  }
  return validateFieldValue(field, value, today, fieldMessages);
}

/**
 * Each field's message by contracts' rules (validateFieldValue), or null when it is fine;
 * for a date not typed whole or not real, DateInput's message (dateEntryProblem).
 */
export function fieldErrors(
  fields: readonly FieldDefinition[],
  values: FormState['values'],
  today = new Date(),
): Record<string, string | null> {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      fieldError(field, normalisedValue(field, valueOf(field, values)), today),
    ]),
  );
}

/** The message a field shows now: the server's, else its own once left or sent. */
export function shownError(state: FormState, name: string, error: string | null): string | null {
  const fromServer = state.serverErrors[name];
  if (fromServer !== undefined) return fromServer;
  return state.submitted || state.touched[name] ? error : null;
}

/** Whether a field is shown as valid (green): left or sent, and nothing to say about it. */
export function shownValid(state: FormState, name: string, error: string | null): boolean {
  return (
    (state.submitted || Boolean(state.touched[name])) && shownError(state, name, error) === null
  );
}

/** The first field, in the form's order, with a message in `errors`. */
export function firstInvalidField(
  fields: readonly FieldDefinition[],
  errors: Partial<Record<string, string | null>>,
): string | null {
  return fields.find((field) => errors[field.name])?.name ?? null;
}

/** The body of POST /api/profile: every field of the form, as checked. */
export function submissionValues(
  fields: readonly FieldDefinition[],
  values: FormState['values'],
): ProfileValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, normalisedValue(field, valueOf(field, values))]),
  );
}

/**
 * The per-field messages of a validation_failed answer (error.details = { name: message }),
 * or null when the details are not that.
 */
export function detailsAsFieldErrors(details: unknown): FieldErrors | null {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return null;
  const entries = Object.entries(details).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
