import type * as en from '../forms';
import type { Translation } from '../translation';

export const formsCopy: Translation<typeof en.formsCopy> = {
  day: 'Diwrnod',
  month: 'Mis',
  year: 'Blwyddyn',
  pastDateHint: 'Er enghraifft, 27 3 1990',
  futureDateHint: 'Er enghraifft, 27 3 2030',
  errorSummaryTitle: 'Mae problem wedi codi',
};
