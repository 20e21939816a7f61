import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { bankCheckName } from './checkName.js';

describe('bankCheckName', () => {
  it.each<[string, CheckName[], CheckName[][] | null, string]>([
    ['no request demand', [], null, 'Bank'],
    ['a demand without either name', [], [['Passport', 'KBVL1']], 'Bank'],
    ['a demand of Bank', [], [['Bank', 'KBVL1']], 'Bank'],
    [
      'a demand of CurrentAccount',
      [],
      [['CurrentAccount', 'KBVL1'], ['Passport']],
      'CurrentAccount',
    ],
    ['both in the demand: Bank', [], [['Bank'], ['CurrentAccount']], 'Bank'],
    [
      'the chosen option names CurrentAccount',
      ['CurrentAccount'],
      [['Bank'], ['CurrentAccount']],
      'CurrentAccount',
    ],
    [
      'the chosen option names Bank',
      ['Bank', 'KBVL1'],
      [['CurrentAccount'], ['Bank', 'KBVL1']],
      'Bank',
    ],
    [
      'a choice of other checks, the demand decides',
      ['Passport'],
      [['CurrentAccount']],
      'CurrentAccount',
    ],
  ])('%s', (_case, choice, alternatives, expected) => {
    expect(bankCheckName(choice, alternatives)).toBe(expected);
  });
});
