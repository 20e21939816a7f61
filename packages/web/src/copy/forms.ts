import { localized } from './language';

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
} as const);
