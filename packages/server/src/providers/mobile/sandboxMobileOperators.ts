import { documentNameMatches } from '@verity/contracts';
import { createHash } from 'node:crypto';
import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';
import type { KbvPerson } from '../kbv/creditReference.js';
import {
  MobileOperatorUnavailable,
  type MobileContractResult,
  type MobileOperatorProvider,
} from './mobileOperator.js';

/**
 * The sandbox's contracts, on Ofcom's numbers reserved for drama (07700 900000 to 900999),
 * which no real phone has (docs/sandbox.md).
 */
export const sandboxContracts: ReadonlyArray<{
  number: string;
  operator: string;
  holder: KbvPerson;
}> = [
  {
    number: '07700900001',
    operator: 'EE',
    holder: { given: 'ANNA', surname: 'SMITH', dob: '1985-02-17' },
  },
  {
    number: '07700900004',
    operator: 'EE',
    holder: { given: 'ADA', surname: 'LOVELACE', dob: '1985-12-10' },
  },
  {
    number: '07700900002',
    operator: 'Vodafone',
    holder: { given: 'JAMES', surname: 'TAYLOR', dob: '1979-09-30' },
  },
  {
    number: '07700900003',
    operator: 'O2',
    holder: { given: 'SIOBHAN', surname: "O'BRIEN", dob: '1990-06-21' },
  },
];

/** A number whose operator does not confirm contracts. */
export const SANDBOX_UNSUPPORTED_OPERATOR = '07700900100';
/** A number whose operator cannot be reached. */
export const SANDBOX_OPERATOR_OUTAGE = '07700900200';

const matched: EvidenceScores = {
  strength: 0,
  validity: 0,
  activity: 1,
  fraud: 1,
  verification: 0,
};
const none: EvidenceScores = { strength: 0, validity: 0, activity: 0, fraud: 0, verification: 0 };

export class SandboxMobileOperators implements MobileOperatorProvider {
  readonly name = 'sandbox-mobile-operators';

  async matchContract(mobileNumber: string, person: KbvPerson): Promise<MobileContractResult> {
    if (mobileNumber === SANDBOX_OPERATOR_OUTAGE)
      throw new MobileOperatorUnavailable('sandbox operator outage');
    const transactionId = `sandbox-mno-${createHash('sha256')
      .update(`${mobileNumber}|${JSON.stringify(person)}`)
      .digest('hex')
      .slice(0, 16)}`;
    if (mobileNumber === SANDBOX_UNSUPPORTED_OPERATOR)
      return { outcome: 'notSupported', transactionId, scores: none };
    const contract = sandboxContracts.find((candidate) => candidate.number === mobileNumber);
    if (!contract) return { outcome: 'notFound', transactionId, scores: none };
    // Names compared by the rules every check uses (contracts' identityMatch).
    const same =
      documentNameMatches(
        { givenNames: person.given, familyName: person.surname },
        { givenNames: contract.holder.given, familyName: contract.holder.surname },
      ) && contract.holder.dob === person.dob;
    return same
      ? { outcome: 'matched', transactionId, scores: matched }
      : { outcome: 'noMatch', transactionId, scores: none };
  }
}
