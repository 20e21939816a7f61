import { createHash } from 'node:crypto';
import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';
import {
  CardProviderError,
  type CardCheckResult,
  type CardDetails,
  type CardProvider,
  type CardRange,
} from './cardProvider.js';

/** Number ranges (issuer identification numbers), longest prefix first (docs/sandbox.md). */
export const sandboxRanges: ReadonlyArray<[prefix: string, range: CardRange]> = [
  ['400005', { brand: 'Visa', type: 'debit' }],
  ['520082', { brand: 'Mastercard', type: 'debit' }],
  ['4', { brand: 'Visa', type: 'credit' }],
  ['5', { brand: 'Mastercard', type: 'credit' }],
  ['34', { brand: 'American Express', type: 'credit' }],
  ['37', { brand: 'American Express', type: 'credit' }],
];

/** The sandbox's open cards: the details a check must match. */
export const sandboxCards: readonly CardDetails[] = [
  { number: '4111111111111111', name: 'ANNA SMITH', expiry: '12/30' },
  { number: '5555555555554444', name: 'ADA LOVELACE', expiry: '11/30' },
  { number: '4000056655665556', name: 'JAMES TAYLOR', expiry: '08/29' },
  { number: '378282246310005', name: 'ROBERT MACDONALD', expiry: '05/28' },
  { number: '5200828282828210', name: "SIOBHAN O'BRIEN", expiry: '03/29' },
];

/** A valid number the sandbox answers as an outage of the service. */
export const SANDBOX_CARD_OUTAGE = '5105105105105100';

/** An open card proves activity in the community over time (GPG45 activity 1). */
const matched: EvidenceScores = {
  strength: 1,
  validity: 1,
  activity: 1,
  fraud: 0,
  verification: 0,
};

export class SandboxCardProvider implements CardProvider {
  readonly name = 'sandbox-cards';

  async lookupRange(number: string): Promise<CardRange | null> {
    const found = [...sandboxRanges]
      .sort((a, b) => b[0].length - a[0].length)
      .find(([prefix]) => number.startsWith(prefix));
    return found ? found[1] : null;
  }

  async verifyCard(card: CardDetails): Promise<CardCheckResult> {
    if (card.number === SANDBOX_CARD_OUTAGE) throw new CardProviderError('sandbox card outage');
    // The transaction id never carries the number: it is a digest with the time of the check.
    const transactionId = `sandbox-card-${createHash('sha256')
      .update(`${card.number}|${card.name}|${card.expiry}|${Date.now()}`)
      .digest('hex')
      .slice(0, 16)}`;
    const open = sandboxCards.find(
      (record) =>
        record.number === card.number && record.name === card.name && record.expiry === card.expiry,
    );
    return open
      ? { outcome: 'matched', transactionId, scores: matched, holderName: open.name }
      : { outcome: 'notMatched', transactionId };
  }
}
