/**
 * The sandbox bank's test customers (docs/sandbox.md). Every one logs in with the password
 * SANDBOX_PASSWORD. Account numbers pass the UK modulus check; the names are made up.
 */
export interface SandboxCustomer {
  fullName: string;
  accounts: Array<{
    type: 'TRANSACTION' | 'SAVINGS';
    sortCode: string;
    /** null: the bank withholds the account number. */
    number: string | null;
    /** Joint: the data API says the account has several holders. */
    partyType?: 'Joint';
  }>;
  cards: number;
  /** cancel: the customer cancels at the bank; error: the bank's data API fails. */
  behaviour?: 'cancel' | 'error';
}

export const SANDBOX_PASSWORD = 'sandbox';

export const sandboxCustomers: Record<string, SandboxCustomer> = {
  // A current account in the name of the profile the journeys use.
  current: {
    fullName: 'Ada Lovelace',
    accounts: [{ type: 'TRANSACTION', sortCode: '08-99-99', number: '66374958' }],
    cards: 0,
  },
  // Only credit cards: NoBankAccounts.
  cards: { fullName: 'Ada Lovelace', accounts: [], cards: 2 },
  // A current account whose number the bank does not share: NoAccountNumber.
  withheld: {
    fullName: 'Ada Lovelace',
    accounts: [{ type: 'TRANSACTION', sortCode: '30-90-70', number: null }],
    cards: 0,
  },
  // Cancels on the bank's page: the bank answers access_denied.
  cancel: { fullName: 'Ada Lovelace', accounts: [], cards: 0, behaviour: 'cancel' },
  // The bank's data API fails: provider_error.
  error: { fullName: 'Ada Lovelace', accounts: [], cards: 0, behaviour: 'error' },
  // An account in someone else's name: bankIdentityMismatch.
  mismatch: {
    fullName: 'Charles Babbage',
    accounts: [{ type: 'TRANSACTION', sortCode: '56-00-03', number: '13354647' }],
    cards: 0,
  },
  // No accounts at all: NoAccounts.
  empty: { fullName: 'Ada Lovelace', accounts: [], cards: 0 },
  // The two holders of one joint account; each logs in as themself (the data API names the
  // holder who logged in). The account is verified for its holder, and never signs anyone in.
  joint: {
    fullName: 'Ada Lovelace',
    accounts: [
      { type: 'TRANSACTION', sortCode: '82-00-00', number: '73688637', partyType: 'Joint' },
    ],
    cards: 0,
  },
  joint2: {
    fullName: 'Mary Somerville',
    accounts: [
      { type: 'TRANSACTION', sortCode: '82-00-00', number: '73688637', partyType: 'Joint' },
    ],
    cards: 0,
  },
};
