import { createHash } from 'node:crypto';
import { holderNameScore } from '../../features/openBanking/holderName.js';
import type { UkAccount } from '../../features/openBanking/ukAccount.js';
import {
  AccountVerificationUnavailable,
  type AccountVerificationProvider,
  type AccountVerificationResult,
  type PersonName,
} from './accountVerification.js';

/**
 * The sandbox's accounts (docs/sandbox.md): VocaLink's published modulus examples, which pass
 * the modulus check but are nobody's account. Any other valid account is not found.
 */
export const sandboxVerifiedAccounts: ReadonlyArray<
  UkAccount & { holder: { givenNames: string; familyName: string } }
> = [
  {
    sortCode: '089999',
    accountNumber: '66374958',
    holder: { givenNames: 'Ada', familyName: 'Lovelace' },
  },
  {
    sortCode: '107999',
    accountNumber: '88837491',
    holder: { givenNames: 'A', familyName: 'Lovelace' },
  },
  {
    sortCode: '202959',
    accountNumber: '63748472',
    holder: { givenNames: 'Charles', familyName: 'Babbage' },
  },
];

/** An account whose bank cannot be reached. */
export const SANDBOX_VERIFICATION_OUTAGE: UkAccount = {
  sortCode: '938611',
  accountNumber: '07806039',
};

export class SandboxAccountVerification implements AccountVerificationProvider {
  readonly name = 'sandbox-account-verification';

  async verify(input: { name: PersonName } & UkAccount): Promise<AccountVerificationResult> {
    const same = (account: UkAccount) =>
      account.sortCode === input.sortCode && account.accountNumber === input.accountNumber;
    if (same(SANDBOX_VERIFICATION_OUTAGE))
      throw new AccountVerificationUnavailable('sandbox bank outage');
    const transactionId = `sandbox-cop-${createHash('sha256')
      .update(`${input.sortCode}|${input.accountNumber}|${JSON.stringify(input.name)}`)
      .digest('hex')
      .slice(0, 16)}`;
    const account = sandboxVerifiedAccounts.find(same);
    if (!account) return { outcome: 'notFound', transactionId };
    // The holder scored against the name asked about: exact, close (an initial), or not.
    const holderName = `${account.holder.givenNames} ${account.holder.familyName}`;
    const score = holderNameScore(holderName, input.name);
    if (score === 100) return { outcome: 'match', transactionId };
    if (score >= 50) return { outcome: 'closeMatch', transactionId, holderName };
    return { outcome: 'noMatch', transactionId };
  }
}
