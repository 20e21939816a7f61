import { parseIsoDate } from '@verity/contracts';

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1 February 1990' for 1990-02-01, or null when the value is not a real date. */
export function formatDate(value: string): string | null {
  const date = parseIsoDate(value.trim());
  return date ? longDate.format(date) : null;
}
