/** What a PIN signature of a consent covers: who agrees, for which client, which request. */
export interface ConsentToSign {
  clientId: string;
  requestId: string;
  userId: string;
  claims: readonly string[];
}

export const CONSENT_MESSAGE_PURPOSE = 'verity-consent-v1';
/** How far a signature's time may be from the server's clock. */
export const CONSENT_SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True for a time as Date#toISOString writes it (UTC, milliseconds), and a real date. */
export function isSignedAt(value: string): boolean {
  return ISO_UTC.test(value) && new Date(value).toISOString() === value;
}

/**
 * The canonical text of a consent that a PIN signature signs: one JSON array with a fixed
 * order, the claims sorted and without repeats, so the browser and the server write the same
 * bytes for the same consent. The purpose, the request id and the time keep a signature from
 * standing for any other consent (a signature does not expire by itself).
 */
export function consentMessage(consent: ConsentToSign, signedAt: string): string {
  for (const [name, value] of Object.entries({
    clientId: consent.clientId,
    requestId: consent.requestId,
    userId: consent.userId,
  })) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`consent: no ${name}`);
  }
  if (!isSignedAt(signedAt)) throw new TypeError('consent: signedAt is not an ISO 8601 UTC time');
  if (consent.claims.some((claim) => typeof claim !== 'string' || claim === ''))
    throw new TypeError('consent: empty claim');
  const claims = [...new Set(consent.claims)].sort();
  return JSON.stringify([
    CONSENT_MESSAGE_PURPOSE,
    consent.clientId,
    consent.requestId,
    consent.userId,
    claims,
    signedAt,
  ]);
}
