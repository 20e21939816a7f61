import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import {
  consentInfoSchema,
  profileFieldsSchema,
  stepDoneSchema,
  type AddressValue,
  type PinSignedMessage,
  type ProfileField,
} from '@verity/contracts';
import { getJson, postJson, type CallOptions, type Schema } from './client';

// The typed calls of /Profile and /Consent (contracts/src/api/profile.ts) and the address
// lookup of the address field. Failures throw ApiError.

type Answer<S extends Schema<unknown>> = ReturnType<S['parse']>;

export type StepDone = Answer<typeof stepDoneSchema>;
export type ConsentInfo = Answer<typeof consentInfoSchema>;

/** A value of the dynamic form as it is sent: text, or an address. */
export type ProfileValues = Record<string, string | AddressValue>;

/** GET /api/profile: the fields of the request in progress, known values as defaultValue. */
/**
 * The sign-in request these steps belong to, named on every call so the server acts on the
 * request on screen, never on another one opened since in the same browser.
 */
function forRequest(path: string): string {
  const requestId = sessionKeys.requestId.get(browserStorage('sessionStorage'));
  return requestId ? `${path}?requestId=${encodeURIComponent(requestId)}` : path;
}

export function fetchProfileFields(options?: CallOptions): Promise<ProfileField[]> {
  return getJson(forRequest('/api/profile'), profileFieldsSchema, options);
}

/** POST /api/profile: refused with validation_failed, each field's message in details. */
export function saveProfile(values: ProfileValues, options?: CallOptions): Promise<StepDone> {
  return postJson(forRequest('/api/profile'), values, stepDoneSchema, options);
}

/** GET /api/consent: the client's name and what it would receive. */
export function fetchConsent(options?: CallOptions): Promise<ConsentInfo> {
  return getJson(forRequest('/api/consent'), consentInfoSchema, options);
}

/**
 * POST /api/consent: a declined consent answers with the address back to the client. A
 * consent confirmed with the PIN carries its signature and the time it was signed.
 */
export function sendConsent(
  approved: boolean,
  signed?: { signature: PinSignedMessage; signedAt: string },
  options?: CallOptions,
): Promise<StepDone> {
  return postJson(
    forRequest('/api/consent'),
    { Approved: approved, ...signed },
    stepDoneSchema,
    options,
  );
}

/** One address of a postcode lookup (spec: key, and value with lines, town and postcode). */
export interface AddressItem {
  key: string;
  value: { line_1: string; line_2: string; post_town: string; postcode: string };
}

function text(record: Record<string, unknown>, name: string, optional = false): string {
  const value = record[name];
  if (typeof value === 'string') return value;
  if (optional && (value === undefined || value === null)) return '';
  throw new TypeError(`address item: ${name} is not text`);
}

/** Checks the answer of GET /api/address (contracts has no schema for it). */
export const addressListSchema: Schema<AddressItem[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new TypeError('address list: not a list');
    return data.map((item: unknown) => {
      if (typeof item !== 'object' || item === null) throw new TypeError('address item');
      const { key, value } = item as Record<string, unknown>;
      if (typeof key !== 'string' || key === '') throw new TypeError('address item: key');
      if (typeof value !== 'object' || value === null) throw new TypeError('address item: value');
      const lines = value as Record<string, unknown>;
      return {
        key,
        value: {
          line_1: text(lines, 'line_1'),
          line_2: text(lines, 'line_2', true),
          post_town: text(lines, 'post_town'),
          postcode: text(lines, 'postcode'),
        },
      };
    });
  },
};

/** GET /api/address: [] for a valid postcode without addresses; 503 when the lookup fails. */
export function findAddresses(postcode: string, options?: CallOptions): Promise<AddressItem[]> {
  return getJson(
    `/api/address?postcode=${encodeURIComponent(postcode)}`,
    addressListSchema,
    options,
  );
}
