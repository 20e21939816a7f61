import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verity's calls to a PIN authority service are signed with a shared secret (HMAC-SHA256 over
 * the time, method, path and body), so the secret itself never travels and a captured request
 * cannot be changed or replayed after SIGNATURE_TOLERANCE_SECONDS.
 */
export const SIGNATURE_HEADER = 'x-verity-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 60;
export const MIN_SECRET_LENGTH = 32;

interface Signed {
  method: string;
  path: string;
  body: string;
}

function mac(secret: string, time: number, { method, path, body }: Signed): string {
  return createHmac('sha256', secret)
    .update(`${time}\n${method.toUpperCase()}\n${path}\n${body}`)
    .digest('hex');
}

/** The header value: `t=<unix seconds>,v1=<hex HMAC>`. */
export function signRequest(secret: string, request: Signed, now = Date.now()): string {
  const time = Math.floor(now / 1000);
  return `t=${time},v1=${mac(secret, time, request)}`;
}

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'stale' | 'wrong';

export function checkSignature(
  secret: string,
  header: string | undefined,
  request: Signed,
  now = Date.now(),
): SignatureCheck {
  if (!header) return 'missing';
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return 'malformed';
  const time = Number(match[1]);
  if (Math.abs(now / 1000 - time) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(mac(secret, time, request), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')) ? 'valid' : 'wrong';
}
