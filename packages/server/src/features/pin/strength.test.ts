import { describe, expect, it } from 'vitest';
import { acrForAmr, provedTwoFactors } from '../../oidc/authenticationStrength.js';
import { enrolledWithTwoFactors, enrolmentStrength, pinLoginAmr } from './strength.js';

describe('a PIN is worth the login that enrolled it', () => {
  it.each([
    [['pwd'], false],
    [['otp'], false],
    [['fed'], false],
    [['pin'], false],
    [['pwd', 'otp', 'mfa'], true],
    [['fed', 'hwk', 'mfa'], true],
    [['pin', 'swk'], true],
    [['pin', 'otp', 'mfa'], true],
  ])('enrolled by %j: two factors %s', (amr, twoFactors) => {
    const identity = enrolmentStrength(amr);
    expect(identity.enrolled_acr).toBe(twoFactors ? 'urn:verity:aal2' : 'urn:verity:aal1');
    expect(enrolledWithTwoFactors(identity)).toBe(twoFactors);
    const login = pinLoginAmr(enrolledWithTwoFactors(identity));
    expect(provedTwoFactors(login)).toBe(twoFactors);
    expect(acrForAmr(login)).toBe(identity.enrolled_acr);
  });

  it.each([null, '', 'not json', '{"amr":["pin","swk"]}', '"mfa"'])(
    'an identity with enrolled_amr %j (older, or unreadable) counts as one factor',
    (enrolled_amr) => expect(enrolledWithTwoFactors({ enrolled_amr })).toBe(false),
  );
});
