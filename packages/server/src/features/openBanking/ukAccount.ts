import UkModulusChecking from 'uk-modulus-checking';

export interface UkAccount {
  /** Six digits. */
  sortCode: string;
  /** Eight digits. */
  accountNumber: string;
}

/**
 * A UK sort code and account number in their canonical form (spaces and dashes removed; a
 * seven-digit account number gets its leading zero, as VocaLink's rules say), or null when the
 * shape is wrong.
 */
export function normaliseUkAccount(sortCode: string, accountNumber: string): UkAccount | null {
  const sort = sortCode.replace(/[\s-]/g, '');
  const number = accountNumber.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(sort) || !/^\d{7,8}$/.test(number)) return null;
  return { sortCode: sort, accountNumber: number.padStart(8, '0') };
}

/**
 * The VocaLink modulus check (the published weight tables, through a maintained package): a
 * number that fails it cannot be an account at that sort code. Sort codes the tables do not
 * cover pass, as VocaLink specifies.
 */
export function passesModulusCheck(account: UkAccount): boolean {
  return new UkModulusChecking(account).isValid();
}

/** 08-99-99 style, for screens and audit-free display. */
export function formatSortCode(sortCode: string): string {
  return sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
}
