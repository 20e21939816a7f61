import { describe, expect, it } from 'vitest';
import { secondFactorRequirement } from './requirement.js';

describe('secondFactorRequirement (a second factor is demanded)', () => {
  it.each([
    // No method yet and one factor so far: set one up.
    [0, ['pwd'], 'setupSecondFactor'],
    [0, ['fed'], 'setupSecondFactor'],
    [0, ['pin'], 'setupSecondFactor'],
    // A PIN login is two factors (DESIGN.md, aal2): nothing to set up for this session.
    [0, ['pin', 'swk'], null],
    // A method, and only one factor so far.
    [1, ['pwd'], 'loginWithSecondFactor'],
    [2, ['fed'], 'loginWithSecondFactor'],
    [1, ['otp'], 'loginWithSecondFactor'],
    [1, ['pin'], 'loginWithSecondFactor'],
    // Two factors: a second factor proved ('mfa'), or a PIN login ('pin' with 'swk').
    [1, ['pwd', 'sms', 'mfa'], null],
    [3, ['fed', 'hwk', 'mfa'], null],
    [1, ['pin', 'swk'], null],
  ] as const)('%i methods, amr %j: %s', (methods, amr, expected) => {
    expect(secondFactorRequirement(methods, amr)).toBe(expected);
  });
});
