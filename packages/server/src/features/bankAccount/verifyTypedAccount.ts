import type { CheckResult } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import {
  AccountVerificationUnavailable,
  type AccountVerificationResult,
} from '../../providers/bank/accountVerification.js';
import { checkProvider } from '../checks/checkProviders.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { requireClaimedIdentity } from '../identity/coreIdentity.js';
import { holderNameScore } from '../openBanking/holderName.js';
import type { Journey } from '../../journey/journey.js';
import type { UkAccount } from '../openBanking/ukAccount.js';
import type { BankCheck } from './checkName.js';
import { errorText } from '../../messages/errorMessages.js';

/** The spec's mismatch text speaks of a bank login; this is its wording for a typed account. */

/**
 * The Bank check of an account the user typed: the verification service is asked whether it
 * is in the profile's name, and the answer settles as every check's does (settleCheck). A
 * match passes; a close match passes when the holder name it gives is the claimed identity's
 * (contracts' identityMatch: an initial for the first name is not); no match is a failed check,
 * bankIdentityMismatch. An account the service does not know is no record: a counted retry
 * without evidence, answered with the spec's bankVerificationFailed because the spec's Bank
 * account screen goes on to the knowledge-based questions then. A service failure is
 * bankApiError and records nothing. A typed account is kept in the profile when it passes, or
 * when the service failed (the retry needs no retyping); another person's, or one the service
 * does not know, is not kept: the user types it again.
 */
export async function verifyTypedAccount(
  ctx: AppContext,
  journey: Journey,
  typed: { account: UkAccount; typed: boolean },
  check: BankCheck,
): Promise<CheckResult> {
  const step = journey.step;
  const provider = checkProvider(ctx.accountVerification);
  // checkAllowed asked for the claimed identity's name: the one the service is asked about.
  const name = (await requireClaimedIdentity(ctx, step.accountId, false)).names[0]!;
  const { account } = typed;
  const keepTyped = async () => {
    if (typed.typed)
      await ctx.profiles.update(step.accountId, {
        sort_code: account.sortCode,
        account_number: account.accountNumber,
      });
  };

  let result: AccountVerificationResult;
  try {
    result = await provider.verify({ name, ...account });
  } catch (error) {
    if (!(error instanceof AccountVerificationUnavailable)) throw error;
    // Nothing was learnt of the account: it is kept, so the retry needs no retyping.
    await keepTyped();
    throw new ApiError('bankApiError');
  }
  // A match confirms the name we sent; a close match says the name the bank holds instead;
  // no match says only that the account is another person's.
  const holderName =
    result.outcome === 'match'
      ? `${name.givenNames} ${name.familyName}`
      : result.outcome === 'closeMatch'
        ? result.holderName
        : null;
  const nameScore =
    result.outcome === 'match' ? 100 : holderName ? holderNameScore(holderName, name) : 0;
  if (result.outcome === 'notFound')
    return settleCheck(ctx, journey, check, provider.name, {
      found: false,
      error: 'bankVerificationFailed',
    });
  return settleCheck(
    ctx,
    journey,
    check,
    provider.name,
    {
      found: true,
      person: holderName ? { kind: 'holder', holderName } : null,
      transactionId: result.transactionId,
      // Typed, not seen through a bank login: weaker strength, nothing about activity, and
      // nothing about who typed it (anyone may know an account's details and its holder's name).
      scores: { strength: 1, validity: 2, activity: 0, fraud: 0, verification: 0 },
      attributes: holderName ? { holder_name: holderName } : {},
      // The account (in the profile too, when typed) and the holder name the service gave,
      // only once they are the user's: another person's account is not kept anywhere.
      keep: async () => {
        await keepTyped();
        await ctx.bankAccounts.record(step.accountId, {
          ...account,
          holderName: result.outcome === 'closeMatch' ? result.holderName : null,
          source: 'profile',
          provider: provider.name,
          nameScore,
          modulusValid: true,
        });
      },
    },
    new ApiError(
      'bankIdentityMismatch',
      errorText((texts) => texts.typedAccountMismatch),
    ),
  );
}
