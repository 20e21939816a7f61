import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The vendor's webhook signature (Onfido's X-SHA2-Signature): HMAC-SHA256 of the raw body with
 * the webhook token, in lower-case hex.
 */
export function signWebhook(body: Buffer, token: string): string {
  return createHmac('sha256', token).update(body).digest('hex');
}

/**
 * Whether `signature` is the webhook token's HMAC of exactly these bytes, compared in constant
 * time (timingSafeEqual over equal-length digests: the header's length says nothing of the
 * secret). Anything but 64 hex digits is refused before comparing.
 */
export function webhookSignatureValid(
  body: Buffer,
  signature: string | string[] | undefined,
  token: string,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signWebhook(body, token), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
