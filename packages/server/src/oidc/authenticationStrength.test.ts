import { describe, expect, it } from 'vitest';
import {
  acrForAmr,
  provedTwoFactors,
  usedSecondFactor,
  withSecondFactor,
} from './authenticationStrength.js';

describe('acrForAmr', () => {
  it.each([
    [[], 'urn:verity:aal1'],
    [['pwd'], 'urn:verity:aal1'],
    [['fed'], 'urn:verity:aal1'],
    // An e-mail code login is one factor, though its amr is 'otp'.
    [['otp'], 'urn:verity:aal1'],
    [['pwd', 'otp', 'mfa'], 'urn:verity:aal2'],
    [['pwd', 'sms', 'mfa'], 'urn:verity:aal2'],
    [['otp', 'mfa'], 'urn:verity:aal2'],
    [['pin', 'swk'], 'urn:verity:aal2'],
    [['pin'], 'urn:verity:aal1'],
  ])('%j gives %s', (amr, acr) => {
    expect(acrForAmr(amr)).toBe(acr);
  });
});

describe('withSecondFactor', () => {
  it.each([
    [['pwd'], 'otp', ['pwd', 'otp', 'mfa']],
    [['pwd'], 'sms', ['pwd', 'sms', 'mfa']],
    [['fed'], 'hwk', ['fed', 'hwk', 'mfa']],
    [['otp'], 'otp', ['otp', 'mfa']],
    [['pwd', 'otp', 'mfa'], 'tel', ['pwd', 'otp', 'mfa', 'tel']],
  ] as const)('%j with %s gives %j', (amr, method, expected) => {
    const result = withSecondFactor(amr, method);
    expect(result).toEqual(expected);
    expect(usedSecondFactor(result)).toBe(true);
  });

  it('is not claimed by first factors alone', () => {
    expect(usedSecondFactor(['pwd'])).toBe(false);
    expect(usedSecondFactor(['otp'])).toBe(false);
  });
});

describe('provedTwoFactors', () => {
  it.each([
    [[], false],
    [['pwd'], false],
    [['fed'], false],
    // An e-mail code or a recovery-code-looking 'otp' alone is one factor.
    [['otp'], false],
    [['pwd', 'sms'], false],
    [['pwd', 'hwk'], false],
    [['pwd', 'otp', 'mfa'], true],
    [['fed', 'hwk', 'mfa'], true],
    [['pwd', 'tel', 'mfa'], true],
    // PIN login: the PIN plus the browser-held token.
    [['pin', 'swk'], true],
    [['swk', 'pin'], true],
    [['pin'], false],
    [['swk'], false],
    [['pwd', 'pin'], false],
  ])('%j gives %s', (amr, expected) => {
    expect(provedTwoFactors(amr)).toBe(expected);
    // The acr follows the same rule.
    expect(acrForAmr(amr)).toBe(expected ? 'urn:verity:aal2' : 'urn:verity:aal1');
  });
});
