import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';

/** What a card's number range says about it. */
export interface CardRange {
  brand: string;
  type: 'credit' | 'debit';
}

/** A card's details (validated; digits only, name upper-cased, expiry MM/YY). */
export interface CardDetails {
  number: string;
  name: string;
  expiry: string;
}

/**
 * matched: a card with these details is open, in the cardholder name the issuer keeps (the
 * route matches that name with the claimed identity); notMatched: no such open card.
 */
export type CardCheckResult =
  | { outcome: 'matched'; transactionId: string; scores: EvidenceScores; holderName: string }
  | { outcome: 'notMatched'; transactionId: string };

export class CardProviderError extends Error {}

/**
 * A card verification service: the number range (brand, credit or debit), and whether a
 * card with these details is open in this name (as an account-verification call does).
 */
export interface CardProvider {
  readonly name: string;
  lookupRange(number: string): Promise<CardRange | null>;
  verifyCard(card: CardDetails): Promise<CardCheckResult>;
}
