import { fieldMessages as contractsFieldMessages } from '@verity/contracts';
import { localized } from './language';

/** 'day', 'day and month', 'day, month and year'. */
function listed(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Texts of the form components every screen shares (DateInput, ErrorSummary). */
export const formsCopy = localized('formsCopy', {
  day: 'Day',
  month: 'Month',
  year: 'Year',
  /** GOV.UK's hint for a date in the past (a birth or issue date). */
  pastDateHint: 'For example, 27 3 1990',
  /** The hint for a date that may be ahead (an expiry date). */
  futureDateHint: 'For example, 27 3 2030',
  errorSummaryTitle: 'There is a problem',
  // DateInput's messages, in the GOV.UK Design System's words.
  realDate: (name: string) => `${name} must be a real date`,
  mustInclude: (name: string, parts: readonly ('day' | 'month' | 'year')[]) =>
    `${name} must include a ${listed(parts)}`,
  yearDigits: 'Year must include 4 numbers',
} as const);

/**
 * The dynamic form's messages (contracts' fieldMessages), in the language of the screens:
 * passed to validateFieldValue, and compared by key (`error === fieldMessages.findAndSelect`),
 * both read in the same language.
 */
export const fieldMessages = localized('fieldMessages', contractsFieldMessages);
