import { fieldMessagesWelsh } from '@verity/contracts';
import type * as en from '../forms';
import type { Translation } from '../translation';

export const formsCopy: Translation<typeof en.formsCopy> = {
  day: 'Diwrnod',
  month: 'Mis',
  year: 'Blwyddyn',
  pastDateHint: 'Er enghraifft, 27 3 1990',
  futureDateHint: 'Er enghraifft, 27 3 2030',
  errorSummaryTitle: 'Mae problem wedi codi',
  realDate: (name) => `Rhaid i'r ${name.toLowerCase()} fod yn ddyddiad go iawn`,
  mustInclude: (name, parts) => {
    const names = parts.map((part) => ({ day: 'diwrnod', month: 'mis', year: 'blwyddyn' })[part]);
    const list =
      names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} a ${names.at(-1)}`;
    return `Rhaid i'r ${name.toLowerCase()} gynnwys ${list}`;
  },
  yearDigits: "Rhaid i'r flwyddyn gynnwys 4 rhif",
};

export const fieldMessages: Translation<typeof en.fieldMessages> = fieldMessagesWelsh;
