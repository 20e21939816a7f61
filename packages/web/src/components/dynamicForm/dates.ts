import { parseIsoDate } from '@verity/contracts';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** The day, month and year inputs of a yyyy-mm-dd value (empty when it is not one). */
export function splitIsoDate(value: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] ?? '' };
}

/** A local calendar date as yyyy-mm-dd. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A field's min or max ('today' or yyyy-mm-dd) for a native date input, or undefined. */
export function dateInputBound(bound: string | undefined, today: Date): string | undefined {
  if (!bound) return undefined;
  if (bound === 'today') return localIsoDate(today);
  return parseIsoDate(bound) ? bound : undefined;
}

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
