import { randomUUID } from 'node:crypto';
import { holderNameMatches, type CheckName, type Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { BankProviderError, type BankData } from '../../providers/bank/accountDataProvider.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { step } from '../../journey/access.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';
import type { ObAttempt } from './attemptStore.js';
import { chooseAccount } from './chooseAccount.js';
import { holderNameScore, namesSeveralHolders, profileNameOf } from './holderName.js';
import { passesModulusCheck, type UkAccount } from './ukAccount.js';

/**
 * The spec's payload also carries id_token; it is accepted and not used: who the user is at
 * the bank is only what the bank's own API answers Verity's back end, never a token the
 * browser brings.
 */
interface CallbackInput {
  RequestId?: string;
  code: string;
  state: string;
}

/**
 * POST /api/login/obcallback: the browser is back from the bank with a code and the state
 * Verity issued. Guards: the state names an attempt of this browser, unused and unexpired (and
 * of the request named, if one is); the bank answers; it shared a usable UK account. Then one
 * action: a signed-in user's account is checked for ownership; nobody signed in is a bank
 * login.
 */
export async function bankCallback(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: CallbackInput,
  redirectUri: string,
): Promise<{ email: string; userRequirements: Requirement[]; assuranceChoice?: CheckName[] }> {
  const attempt = await ctx.obAttempts.consume(input.state, ctx.browsers.get(request));
  if (!attempt || (input.RequestId && attempt.requestId !== input.RequestId))
    throw new ApiError('ob_state_invalid');
  const provider = ctx.bankProviders.find((p) => p.displayName === attempt.provider);
  if (!provider) throw new ApiError('ob_state_invalid');

  let data: BankData;
  try {
    data = await provider.fetchData({
      code: input.code,
      codeVerifier: attempt.codeVerifier,
      redirectUri,
    });
  } catch (error) {
    if (!(error instanceof BankProviderError)) throw error;
    request.log.warn({ provider: provider.displayName, reason: error.message }, 'bank call failed');
    throw new ApiError(error.code === 'INTERNAL_ERROR' ? 'provider_error' : error.code);
  }
  const choice = chooseAccount(data.accounts);
  if ('error' in choice) throw new ApiError(choice.error);
  const shown: ShownAccount = {
    account: choice.account,
    holderName: data.holderName,
    joint:
      choice.joint === true || (data.holderName ? namesSeveralHolders(data.holderName) : false),
  };

  return attempt.userId
    ? checkOwnership(ctx, request, attempt, shown)
    : bankLogin(ctx, request, reply, attempt, shown);
}

/** The account a trip to the bank showed, its holder's name, and whether it is joint. */
interface ShownAccount {
  account: UkAccount;
  holderName: string | null;
  /** The bank says so, or its holder name lists several holders. */
  joint: boolean;
}

async function checkOwnership(
  ctx: AppContext,
  request: FastifyRequest,
  attempt: ObAttempt,
  { account, holderName, joint }: ShownAccount,
) {
  // Checking an account's owner is the `check` step: as strong and in order as any check.
  await request.journey.enforce(step('check'));
  const { user } = request.journey.who;
  // The user who went to the bank must still be the one signed in here.
  if (user.id !== attempt.userId) throw new ApiError('not_signed_in');
  const userId = attempt.userId;

  const profile = await ctx.profiles.get(userId);
  let givenNames = typeof profile.given_name === 'string' ? profile.given_name : '';
  let familyName = typeof profile.family_name === 'string' ? profile.family_name : '';
  // Open banking may capture the name itself (assuranceProfileCapturePossible): with no name in
  // the profile yet, the bank's holder name becomes it (not one of several holders' names).
  const captured = !givenNames && !familyName && holderName ? profileNameOf(holderName) : null;
  if (captured) {
    ({ givenNames, familyName } = captured);
    await ctx.profiles.update(userId, { given_name: givenNames, family_name: familyName });
  }
  const nameScore = holderName ? holderNameScore(holderName, { givenNames, familyName }) : 0;
  const modulusValid = passesModulusCheck(account);
  // The outcome classes every check shares (settleCheck): an account that fails the modulus
  // check exists at no bank (no record: the spec's screen goes on to the questions); a holder
  // who is not the claimed identity is a failed check, and nothing of their account is kept;
  // else the holder name is the evidence and the account is kept for the Bank check.
  const result = await settleCheck(
    ctx,
    request.journey,
    'OB',
    attempt.provider,
    modulusValid
      ? {
          found: true,
          person: holderName ? { kind: 'holder', holderName } : null,
          transactionId: randomUUID(),
          scores: obScores(nameScore),
          // Kept only when the holder is the claimed identity (settleCheck).
          attributes: holderName ? { holder_name: holderName } : {},
          keep: () =>
            ctx.bankAccounts.record(userId, {
              ...account,
              holderName,
              source: 'ob',
              provider: attempt.provider,
              nameScore,
              modulusValid,
            }),
        }
      : { found: false, error: 'bankVerificationFailed' },
    new ApiError('bankIdentityMismatch'),
  );
  // A joint account cannot tell its holders apart at a bank login: it is never linked for one.
  if (!joint)
    await ctx.bankAccounts.link(
      ctx.bankAccounts.identityOf(attempt.provider, account),
      userId,
      attempt.provider,
    );
  return {
    email: user.email,
    userRequirements: result.userRequirements,
    assuranceChoice: result.assuranceChoice,
  };
}

/**
 * GPG45-style scores of a bank login: an account a regulated bank opened after its own checks
 * (strength 2), shown live by the bank itself (validity 2), with its history behind it
 * (activity 1); the user proved control by logging in and the holder name matched
 * (verification 2 when every name agrees in full, else 1; a mismatch records 0).
 */
function obScores(nameScore: number) {
  return {
    strength: 2,
    validity: 2,
    activity: 1,
    fraud: 0,
    verification: nameScore === 100 ? 2 : 1,
  };
}

/**
 * Nobody signed in: the bank account signs in the user it was linked to, where the client
 * allows. The account alone does not say who logged in at the bank: a joint account is refused
 * (every holder would become the user who linked it), and the holder who logged in must have
 * the linked user's name (a bank that does not say an account is joint names only that holder).
 */
async function bankLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: ObAttempt,
  { account, holderName, joint }: ShownAccount,
) {
  const interaction = attempt.requestId
    ? await ctx.interactions.load(request, attempt.requestId)
    : null;
  const client = interaction ? await ctx.clients.find(String(interaction.params.client_id)) : null;
  if (!interaction || !client?.policy.allowBankLogin) throw new ApiError('not_signed_in');
  const userId = await ctx.bankAccounts.linkedUser(
    ctx.bankAccounts.identityOf(attempt.provider, account),
  );
  const user = userId ? await ctx.users.findById(userId) : undefined;
  const refuse = async (reason: string) => {
    request.log.warn({ provider: attempt.provider, reason }, 'bank login refused');
    await ctx.audit.login(user?.id ?? null, 'bank_login_refused', 'bank', client.clientId);
    return new ApiError('NotAccountHolder');
  };
  if (joint) throw await refuse('joint account');
  if (!user) throw new ApiError('bank_login_not_linked');
  const profile = await ctx.profiles.get(user.id);
  const name = {
    givenNames: typeof profile.given_name === 'string' ? profile.given_name : '',
    familyName: typeof profile.family_name === 'string' ? profile.family_name : '',
  };
  if (!holderName || !holderNameMatches(name, holderName))
    throw await refuse('holder name does not match');
  const userRequirements = await signInBrowser(ctx, request, reply, interaction.uid, {
    accountId: user.id,
    amr: ['fed'],
    acr: 'urn:verity:aal1',
    loginTs: nowSeconds(),
    remember: false,
  });
  await ctx.audit.login(user.id, 'bank_login', 'bank', client.clientId);
  return { email: user.email, userRequirements };
}
