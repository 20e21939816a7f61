import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';
import type { KbvPerson } from '../kbv/creditReference.js';

/**
 * What the operators say about a number and a person: matched (the contract is in this name),
 * noMatch (someone else's), notFound (no operator has the number), notSupported (its operator
 * does not confirm contracts).
 */
export type MobileContractResult = {
  outcome: 'matched' | 'noMatch' | 'notFound' | 'notSupported';
  transactionId: string;
  scores: EvidenceScores;
};

/** The operator could not be reached (mobileOperatorTemporaryUnavailable). */
export class MobileOperatorUnavailable extends Error {}

/** A mobile-operator identity service: is this number's contract in this person's name? */
export interface MobileOperatorProvider {
  readonly name: string;
  matchContract(mobileNumber: string, person: KbvPerson): Promise<MobileContractResult>;
}
