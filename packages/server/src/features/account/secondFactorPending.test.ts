import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { secondFactorPending } from './signedInUser.js';

/** Only the store the rule reads: how many second-factor methods the user has. */
const withMethods = (count: number) =>
  ({ secondFactors: { count: async () => count } }) as unknown as AppContext;

describe('secondFactorPending', () => {
  it.each([
    // amr of the session, the user's methods, whether the account must wait for the factor
    [['pwd'], 0, false],
    [['pwd'], 1, true],
    [['fed'], 2, true],
    [['otp'], 1, true], // an e-mail code login alone is one factor
    [['pwd', 'otp', 'mfa'], 1, false],
    [['pwd', 'hwk', 'mfa'], 1, false],
    [['pin', 'swk'], 1, false], // PIN login: PIN plus the browser-held key (aal2)
    [['pin'], 1, true],
    [[], 1, true],
  ])('amr %j with %i methods → %s', async (amr, methods, expected) => {
    expect(await secondFactorPending(withMethods(methods), 'user-1', amr)).toBe(expected);
  });
});
