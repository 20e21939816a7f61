import type { CheckResult } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import {
  AccountVerificationUnavailable,
  type AccountVerificationResult,
} from '../../providers/bank/accountVerification.js';
import { checkProvider } from '../checks/checkProviders.js';
import { recordCheck } from '../checks/checkStep.js';
import { requireClaimedIdentity } from '../identity/coreIdentity.js';
import { holderNameMatches } from '../openBanking/holderName.js';
import type { Journey } from '../../journey/journey.js';
import type { UkAccount } from '../openBanking/ukAccount.js';
import type { BankCheck } from './checkName.js';

/** The spec's mismatch text speaks of a bank login; this is its wording for a typed account. */
const TYPED_MISMATCH =
  'Sorry we have been unable to verify that this bank account is in your name. Unfortunately we are unable to verify your identity at this time.';

/**
 * The Bank check of an account the user typed: the verification service is asked whether it
 * is in the profile's name. A match passes; a close match passes when the holder name it gives
 * is the claimed identity's (contracts' identityMatch: an initial for the first name is not);
 * no match is bankIdentityMismatch; an unknown account
 * is bankVerificationFailed (the questions come next); a service failure is bankApiError and
 * records nothing. A typed account is kept in the profile, so a retry needs no retyping.
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
  if (typed.typed)
    await ctx.profiles.update(step.accountId, {
      sort_code: account.sortCode,
      account_number: account.accountNumber,
    });

  let result: AccountVerificationResult;
  try {
    result = await provider.verify({ name, ...account });
  } catch (error) {
    if (error instanceof AccountVerificationUnavailable) throw new ApiError('bankApiError');
    throw error;
  }
  // A match confirms the name we sent; a close match says the name the bank holds instead.
  const holderName =
    result.outcome === 'match'
      ? `${name.givenNames} ${name.familyName}`
      : result.outcome === 'closeMatch'
        ? result.holderName
        : null;
  const holder = holderName ? holderNameMatches(holderName, name) : { score: 0, matches: false };
  const nameScore = result.outcome === 'match' ? 100 : holder.score;
  const passed = holder.matches;
  if (!passed && result.outcome !== 'notFound')
    await ctx.audit.record(
      step.accountId,
      'identity_check_mismatch',
      step.client?.clientId ?? null,
    );
  await ctx.bankAccounts.record(step.accountId, {
    ...account,
    holderName: result.outcome === 'closeMatch' ? result.holderName : null,
    source: 'profile',
    provider: provider.name,
    nameScore,
    modulusValid: true,
  });
  const answer = await recordCheck(ctx, journey, {
    check,
    outcome: passed ? 'passed' : 'failed',
    // Typed, not seen through a bank login: weaker strength, and nothing about activity.
    scores: {
      strength: 1,
      validity: result.outcome === 'notFound' ? 0 : 2,
      activity: 0,
      fraud: 0,
      verification: passed ? (nameScore === 100 ? 2 : 1) : 0,
    },
    provider: provider.name,
    transactionId: result.transactionId,
    attributes: passed ? { holder_name: holderName! } : null,
  });
  if (result.outcome === 'notFound') throw new ApiError('bankVerificationFailed');
  if (!passed) throw new ApiError('bankIdentityMismatch', TYPED_MISMATCH);
  return answer;
}
