import type { BankAccountData } from '../../providers/bank/accountDataProvider.js';
import { normaliseUkAccount, type UkAccount } from './ukAccount.js';

export type AccountChoice =
  | { account: UkAccount; joint?: boolean }
  | { error: 'NoAccounts' | 'NoBankAccounts' | 'NoAccountNumber' };

/**
 * The account a bank login proves: the first current account with a UK sort code and number,
 * else the first such savings account. The spec's errors say what was missing: nothing at
 * all, only cards (or loans), or accounts without their number.
 */
export function chooseAccount(accounts: readonly BankAccountData[]): AccountChoice {
  if (accounts.length === 0) return { error: 'NoAccounts' };
  const bankAccounts = [
    ...accounts.filter((account) => account.kind === 'current'),
    ...accounts.filter((account) => account.kind === 'savings'),
  ];
  if (bankAccounts.length === 0) return { error: 'NoBankAccounts' };
  for (const candidate of bankAccounts) {
    const account =
      candidate.sortCode && candidate.accountNumber
        ? normaliseUkAccount(candidate.sortCode, candidate.accountNumber)
        : null;
    if (account) return candidate.joint ? { account, joint: true } : { account };
  }
  return { error: 'NoAccountNumber' };
}
