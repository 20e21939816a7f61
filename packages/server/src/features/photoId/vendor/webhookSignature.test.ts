import { describe, expect, it } from 'vitest';
import { signWebhook, webhookSignatureValid } from './webhookSignature.js';

const token = 'webhook-token-0123456789abcdef';
const body = Buffer.from('{"payload":{"resource_type":"check","action":"check.completed"}}');
const good = signWebhook(body, token);
const flipped = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);

describe('webhookSignatureValid', () => {
  it.each([
    ['the HMAC of the body with the token', body, good, true],
    ['the same in upper case', body, good.toUpperCase(), true],
    ['one digit changed', body, flipped(good), false],
    ['another body (a byte added)', Buffer.concat([body, Buffer.from(' ')]), good, false],
    ['signed with another token', body, signWebhook(body, `${token}x`), false],
    ['truncated', body, good.slice(0, 63), false],
    ['too long', body, `${good}0`, false],
    ['not hex', body, 'z'.repeat(64), false],
    ['empty', body, '', false],
    ['missing', body, undefined, false],
    ['repeated header', body, [good, good], false],
  ] as const)('%s: %s', (_name, bytes, signature, valid) => {
    expect(webhookSignatureValid(bytes, signature as string | string[] | undefined, token)).toBe(
      valid,
    );
  });

  it('is the known HMAC-SHA256 vector (RFC 4231 test case 2)', () => {
    expect(signWebhook(Buffer.from('what do ya want for nothing?'), 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
