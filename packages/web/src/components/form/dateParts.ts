import { parseIsoDate } from '@verity/contracts';
import { formsCopy } from '../../copy/forms';

/** The three inputs of a date, as typed. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export type DatePart = keyof DateParts;

export const datePartOrder: readonly DatePart[] = ['day', 'month', 'year'];

/** The day, month and year inputs of a yyyy-mm-dd value (empty when it is not one). */
export function splitIsoDate(value: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] ?? '' };
}

/**
 * The value a date's inputs give the form: '' when nothing is typed; yyyy-mm-dd (the API's
 * form, real or not) when the three are numbers with a four-digit year; otherwise the parts as
 * typed, year-month-day, which is never a yyyy-mm-dd, so the form's rules refuse it and
 * dateEntryProblem says why. The form's state keeps one string per field either way.
 */
export function datePartsValue(parts: DateParts): string {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (day === '' && month === '' && year === '') return '';
  if (/^\d{1,2}$/.test(day) && /^\d{1,2}$/.test(month) && /^\d{4}$/.test(year)) {
    return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  return `${year}-${month}-${day}`;
}

/** What is wrong with a date as typed: the message and the inputs it is about. */
export interface DateProblem {
  message: string;
  parts: DatePart[];
}

/** The field's name in a message: its label without a document's numbering ('3. '). */
function nameInMessage(label: string): string {
  return label.replace(/^\d+[a-z]?\.\s*/i, '');
}

/**
 * Why a date field's value (from datePartsValue) is not a date, in the GOV.UK Design System's
 * words: a part missing, a year not of four digits, or no such day (31 2 2020, month 13).
 * Null for an empty value (the field's own rules say whether it is required) and for a real
 * yyyy-mm-dd date (its rules judge its range).
 */
export function dateEntryProblem(value: string, label: string): DateProblem | null {
  if (value === '' || parseIsoDate(value)) return null;
  const name = nameInMessage(label);
  const realDate: DateProblem = {
    message: formsCopy.realDate(name),
    parts: [...datePartOrder],
  };
  const pieces = value.split('-');
  if (pieces.length !== 3) return realDate;
  const typed: DateParts = { year: pieces[0]!, month: pieces[1]!, day: pieces[2]! };
  const missing = datePartOrder.filter((part) => typed[part] === '');
  if (missing.length > 0) return { message: formsCopy.mustInclude(name, missing), parts: missing };
  if (datePartOrder.some((part) => !/^\d+$/.test(typed[part]))) return realDate;
  if (typed.year.length !== 4) return { message: formsCopy.yearDigits, parts: ['year'] };
  return realDate;
}

/** The id of one input of a date field whose first (day) input has the id `id`. */
export function datePartId(id: string, part: DatePart): string {
  return part === 'day' ? id : `${id}-${part}`;
}

/** The input an error summary's link for a date field goes to: the first one in error. */
export function dateErrorTarget(id: string, value: string): string {
  const problem = dateEntryProblem(value, '');
  return datePartId(id, problem?.parts[0] ?? 'day');
}

/** An input's autofill token: a birth date's part (bday-day...), else none ('off'). */
export function datePartAutoComplete(birthDate: boolean, part: DatePart): string {
  return birthDate ? `bday-${part}` : 'off';
}
