import { describe, expect, it } from 'vitest';
import { recoveryCodeSchema } from '@verity/contracts';
import { normaliseRecoveryCode } from './recoveryCodes.js';

describe('recovery codes as typed', () => {
  it.each([
    ['abcde-23456', 'abcde23456'],
    ['ABCDE-23456', 'abcde23456'],
    [' abcde 23456 ', 'abcde23456'],
    ['abcde23456', 'abcde23456'],
  ])('%j is %j', (typed, normalised) => {
    expect(normaliseRecoveryCode(typed)).toBe(normalised);
    expect(recoveryCodeSchema.parse(typed)).toBe(normalised);
  });

  it.each(['abcd-2345', 'abcde-234567', 'abcde_23456', '', 'ab!de-23456'])(
    'refuses %j as bad input',
    (typed) => {
      expect(recoveryCodeSchema.safeParse(typed).success).toBe(false);
    },
  );
});
