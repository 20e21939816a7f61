import { normalisePostcode, type AddressValue } from '@verity/contracts';
import { ApiError } from '../../api/client';
import type { AddressItem } from '../../api/profile';

/** How the address is being given: picked from a postcode lookup, or typed by hand. */
export type AddressMode = 'lookup' | 'manual';

export function emptyAddress(): AddressValue {
  return { postcode: '', uprn: '', text: '', picklist: false };
}

/** An address value from its JSON text (a known value's defaultValue), or null. */
export function parseAddressValue(raw: string | undefined): AddressValue | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { postcode, uprn, text, picklist } = value as Record<string, unknown>;
  if (typeof postcode !== 'string' || typeof text !== 'string') return null;
  return {
    postcode,
    uprn: typeof uprn === 'string' ? uprn : '',
    text,
    picklist: picklist === true,
  };
}

/** The uprn of a lookup item: the last segment of its key after an underscore (spec). */
export function uprnOf(key: string): string {
  return key.slice(key.lastIndexOf('_') + 1);
}

/** 'line_1, line_2, post_town', leaving out empty parts. */
export function addressText(lines: AddressItem['value']): string {
  return [lines.line_1, lines.line_2, lines.post_town]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** The value of an address picked from the lookup's list. */
export function addressFromItem(item: AddressItem, postcode: string): AddressValue {
  return {
    postcode: normalisePostcode(item.value.postcode || postcode),
    uprn: uprnOf(item.key),
    text: addressText(item.value),
    picklist: true,
  };
}

/** The key of the list item the value was picked from, or '' when none is. */
export function selectedKey(value: AddressValue, items: readonly AddressItem[]): string {
  if (!value.picklist || value.uprn === '') return '';
  return items.find((item) => uprnOf(item.key) === value.uprn)?.key ?? '';
}

/**
 * The value after the postcode is typed or tidied. Another postcode in lookup mode drops
 * the picked address (it belongs to the old one); typed text stays in manual mode.
 */
export function withPostcode(
  value: AddressValue,
  postcode: string,
  mode: AddressMode,
): AddressValue {
  if (normalisePostcode(postcode) === normalisePostcode(value.postcode)) {
    return { ...value, postcode };
  }
  if (mode === 'manual') return { ...value, postcode, uprn: '' };
  return { postcode, uprn: '', text: '', picklist: false };
}

/**
 * The value once the lookup answered: with addresses the user now has to pick one (the
 * picklist is shown); with none they have to find another way.
 */
export function afterLookup(postcode: string, found: number): AddressValue {
  return { postcode, uprn: '', text: '', picklist: found > 0 };
}

/** Switching to typing the address: a picked address is kept as a starting point. */
export function toManual(value: AddressValue): AddressValue {
  return { ...value, uprn: '', picklist: false };
}

/** Switching back to the lookup: the typed text is not an address of the list. */
export function toLookup(value: AddressValue): AddressValue {
  return { postcode: value.postcode, uprn: '', text: '', picklist: false };
}

/** The mode a known value opens in: typed by hand before means manual again. */
export function initialMode(value: AddressValue): AddressMode {
  return !value.picklist && value.text.trim() !== '' ? 'manual' : 'lookup';
}

/** What a failed lookup means for the user. */
export type LookupFailure = 'invalid' | 'unavailable' | 'failed';

/** 400: the postcode is not one; 503: the finder is down (type the address); else failed. */
export function lookupFailure(error: unknown): LookupFailure {
  if (error instanceof ApiError) {
    if (error.code === 'validation_failed') return 'invalid';
    if (error.code === 'service_unavailable') return 'unavailable';
  }
  return 'failed';
}
