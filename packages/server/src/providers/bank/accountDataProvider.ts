/** How the bank's pages are shown: tl in place of Verity's page, tk in an embedded frame. */
export type ObProviderType = 'tl' | 'tk';

/** One account as a bank reports it; sort code and number only when the bank shares them. */
export interface BankAccountData {
  kind: 'current' | 'savings' | 'credit_card' | 'other';
  sortCode: string | null;
  accountNumber: string | null;
  /** The bank says the account has several holders (Open Banking UK's PartyType Joint). */
  joint?: boolean;
}

/** What Verity learns from one trip to the bank. */
export interface BankData {
  accounts: BankAccountData[];
  /**
   * The account holder's name as the bank knows it, when it shares it: the holder who logged
   * in, or several joined by ' & ' when the bank names several.
   */
  holderName: string | null;
}

/**
 * A real account-data provider (open banking aggregator) or the sandbox bank: an OAuth 2
 * authorization code flow with PKCE, then a data API read with the access token.
 */
export interface AccountDataProvider {
  readonly displayName: string;
  readonly type: ObProviderType;
  /** The origin of the bank's pages; messages from an embedded frame are trusted only from it. */
  readonly linkOrigin: string;
  /** The address the browser goes to (or the frame shows) to log in at the bank. */
  authLink(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Exchanges the code for an access token and reads the accounts and the holder name. */
  fetchData(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<BankData>;
  /** The provider's logo (SVG). */
  logo(): Promise<string>;
}

/**
 * The provider could not answer. `code` is the spec's bank-selection error the user sees
 * (TEMPORARY_ERROR, INTERNAL_ERROR, provider_error) or access_denied when the bank refused
 * the code (expired, used, or the user withdrew consent).
 */
export class BankProviderError extends Error {
  constructor(
    readonly code: 'provider_error' | 'TEMPORARY_ERROR' | 'INTERNAL_ERROR' | 'access_denied',
    message: string,
  ) {
    super(message);
  }
}
