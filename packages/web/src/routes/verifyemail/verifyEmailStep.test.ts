import { describe, expect, it } from 'vitest';
import { verifyEmailStep } from './verifyEmailStep';

describe('verifyEmailStep', () => {
  it.each<[string, unknown, string | null, ReturnType<typeof verifyEmailStep>]>([
    ['fresh visit', null, null, { step: 'email' }],
    [
      'from sign-up',
      { email: 'ada@example.com' },
      'ada@example.com',
      { step: 'code', email: 'ada@example.com' },
    ],
    [
      'the history entry wins over storage',
      { email: 'bob@example.com' },
      'ada@example.com',
      { step: 'code', email: 'bob@example.com' },
    ],
    [
      'reload without router state',
      null,
      'ada@example.com',
      { step: 'code', email: 'ada@example.com' },
    ],
    ['start over', { step: 'email' }, 'ada@example.com', { step: 'email' }],
    ['a damaged state', { email: 42 }, null, { step: 'email' }],
    ['not an address', { email: 'ada' }, 'nobody', { step: 'email' }],
  ])('%s', (_name, state, pending, expected) => {
    expect(verifyEmailStep(state, pending)).toEqual(expected);
  });
});
