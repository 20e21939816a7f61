import { parseAddressValue } from './address';
import { formatDate } from './dates';

/**
 * A field's value as a person reads it (the consent table): dates in words, an address as
 * its text and postcode, anything else as it is.
 */
export function displayValue(type: string, value: string): string {
  const trimmed = value.trim();
  if (type === 'date' || type === 'date2') return formatDate(trimmed) ?? trimmed;
  if (type === 'address') {
    const address = parseAddressValue(trimmed);
    if (address) return [address.text.trim(), address.postcode.trim()].filter(Boolean).join(', ');
  }
  return trimmed;
}
