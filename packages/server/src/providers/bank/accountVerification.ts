import type { UkAccount } from '../../features/openBanking/ukAccount.js';

/**
 * A Confirmation-of-Payee style answer for a name and an account: match; closeMatch (the
 * holder's name, as the service gives it, is close to the one asked about); noMatch; or
 * notFound (no such account at that sort code).
 */
export type AccountVerificationResult =
  | { outcome: 'match'; transactionId: string }
  | { outcome: 'closeMatch'; transactionId: string; holderName: string }
  | { outcome: 'noMatch'; transactionId: string }
  | { outcome: 'notFound'; transactionId: string };

/** The name asked about, as the user's profile has it. */
export interface PersonName {
  givenNames: string;
  familyName: string;
}

/** The service could not answer (bankApiError). No evidence is recorded. */
export class AccountVerificationUnavailable extends Error {}

/** An account-verification service: is this account, at this sort code, in this name? */
export interface AccountVerificationProvider {
  readonly name: string;
  verify(input: { name: PersonName } & UkAccount): Promise<AccountVerificationResult>;
}
