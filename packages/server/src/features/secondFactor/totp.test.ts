import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpEnrolment, totpStep } from './totp.js';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const now = 1_800_000_000_000;
const codeAt = (timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, digits: 6, period: 30 });
const stepAt = (timestamp: number) => Math.floor(timestamp / 30_000);

describe('totpStep', () => {
  it.each([
    ['the current step', 0, 0],
    ['one step behind', -30_000, -1],
    ['one step ahead', 30_000, 1],
  ])('accepts a code of %s', (_name, offset, delta) => {
    expect(totpStep(secret, codeAt(now + offset), now)).toBe(stepAt(now) + delta);
  });

  it.each([
    ['two steps behind', -60_000],
    ['two steps ahead', 60_000],
  ])('refuses a code of %s', (_name, offset) => {
    expect(totpStep(secret, codeAt(now + offset), now)).toBeNull();
  });

  it('refuses a code of another secret', () => {
    const other = TOTP.generate({ secret: Secret.fromBase32(newTotpSecret()), timestamp: now });
    // One in a million that a random secret gives the same code: compare to be sure.
    if (other !== codeAt(now)) expect(totpStep(secret, other, now)).toBeNull();
  });
});

describe('totpEnrolment', () => {
  it('names the issuer and the account, and draws the URI as an SVG data URL', async () => {
    const { uri, qrCode } = await totpEnrolment(secret, 'Verity', 'ada@example.com');
    expect(uri).toBe(
      `otpauth://totp/Verity:ada%40example.com?issuer=Verity&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('makes 160-bit base32 secrets', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });
});
