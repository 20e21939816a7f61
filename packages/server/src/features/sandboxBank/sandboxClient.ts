import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The one OAuth client the sandbox bank knows: Verity itself, with a secret derived from its data key. */
export const SANDBOX_CLIENT_ID = 'verity';

export function sandboxClientSecret(dataKey: Buffer): string {
  return createHmac('sha256', dataKey)
    .update('verity sandbox bank client secret')
    .digest('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(expected));
  return timingSafeEqual(a, b);
}
