import { describe, expect, it } from 'vitest';
import type { BankAccountData } from '../../providers/bank/accountDataProvider.js';
import { chooseAccount } from './chooseAccount.js';

const current = (sortCode: string | null, accountNumber: string | null): BankAccountData => ({
  kind: 'current',
  sortCode,
  accountNumber,
});
const card: BankAccountData = { kind: 'credit_card', sortCode: null, accountNumber: null };
const savings: BankAccountData = { kind: 'savings', sortCode: '309070', accountNumber: '02355688' };

describe('chooseAccount', () => {
  it.each<[string, BankAccountData[], ReturnType<typeof chooseAccount>]>([
    ['nothing shared', [], { error: 'NoAccounts' }],
    ['only cards', [card, card], { error: 'NoBankAccounts' }],
    [
      'a loan',
      [{ kind: 'other', sortCode: null, accountNumber: null }],
      { error: 'NoBankAccounts' },
    ],
    [
      'a current account without its number',
      [current('089999', null)],
      { error: 'NoAccountNumber' },
    ],
    [
      'a current account with a foreign number',
      [current('ABC', '123')],
      { error: 'NoAccountNumber' },
    ],
    [
      'a current account',
      [card, current('08-99-99', '66374958')],
      { account: { sortCode: '089999', accountNumber: '66374958' } },
    ],
    [
      'current before savings',
      [savings, current('089999', '66374958')],
      { account: { sortCode: '089999', accountNumber: '66374958' } },
    ],
    [
      'savings when the current account has no number',
      [current('089999', null), savings],
      { account: { sortCode: '309070', accountNumber: '02355688' } },
    ],
    [
      'a joint current account, said to be joint',
      [{ ...current('089999', '66374958'), joint: true }],
      { account: { sortCode: '089999', accountNumber: '66374958' }, joint: true },
    ],
  ])('%s', (_case, accounts, expected) => {
    expect(chooseAccount(accounts)).toEqual(expected);
  });
});
