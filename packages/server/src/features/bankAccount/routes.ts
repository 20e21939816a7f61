import {
  checkResultSchema,
  requestQuerySchema,
  verifyBankAccountRequestSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { checkOffered } from '../checks/checkProviders.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { checkAllowed } from '../checks/checkStep.js';
import { bankCheckFor, type BankCheck } from './checkName.js';
import { verifyTypedAccount } from './verifyTypedAccount.js';
import { typedAccount, type TypedAccount } from './typedAccount.js';
import { requestLanguage } from '../../http/language.js';

/** A bank account shown by a bank login this recently can still be checked. */
const ACCOUNT_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

/**
 * POST /api/verifybankaccount: the Bank check. Without a payload (spec) it checks the account
 * a bank login showed, or else the one in the user's profile; with sort_code and
 * account_number it checks (and keeps) the account the user typed, through the account
 * verification service. Guards: signed in, the check offered, the details valid (400 per
 * field) or present (bankDetailsRequired), the check not done or failed lately, the attempt
 * limits. Then one action: the result becomes evidence. A bank login's account that fails
 * the modulus check, or a typed one the service does not know, is bankVerificationFailed,
 * and the screen goes on to the knowledge-based questions.
 */
export function bankAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifybankaccount',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: verifyBankAccountRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      const sent = request.body;
      const body =
        sent?.sort_code !== undefined || sent?.account_number !== undefined ? sent : null;
      const { accountId } = request.journey.step;
      const shown = accountId && !body ? await bankLoginAccount(ctx, accountId) : null;
      const typed: TypedAccount =
        accountId && !shown && ctx.accountVerification
          ? typedAccount(body, await ctx.profiles.get(accountId), requestLanguage(request))
          : { kind: 'missing' };
      // Fail closed first; Bank and CurrentAccount have the same providers.
      if (!checkOffered(ctx, 'Bank')) throw new ApiError('check_not_offered');
      let check: BankCheck = 'Bank';
      await checkAllowed(
        ctx,
        request,
        async (step) => (check = await bankCheckFor(ctx, step)),
        () => {
          if (typed.kind === 'invalid') return typed.errors;
          if (!shown && typed.kind === 'missing' && ctx.accountVerification)
            throw new ApiError('bankDetailsRequired', undefined, {
              fields: ['sort_code', 'account_number'],
            });
          return {};
        },
      );
      reply.header('Cache-Control', 'no-store');
      if (typed.kind === 'valid') return verifyTypedAccount(ctx, request.journey, typed, check);
      const account = shown;
      if (!account) throw new ApiError('bankVerificationFailed');
      // The holder the bank showed, settled as every check is (settleCheck): matched with the
      // claimed identity as it is now; an account failing the modulus check exists at no bank
      // (no record; the spec's screen goes on to the questions).
      const holderName = account.holderName;
      return settleCheck(
        ctx,
        request.journey,
        check,
        account.provider ?? 'unknown',
        account.modulusValid
          ? {
              found: true,
              person: holderName ? { kind: 'holder', holderName } : null,
              transactionId: randomUUID(),
              scores: {
                strength: 2,
                validity: 2,
                activity: 1,
                fraud: 0,
                verification: account.nameScore === 100 ? 2 : 1,
              },
              attributes: holderName ? { holder_name: holderName } : {},
            }
          : { found: false, error: 'bankVerificationFailed' },
        new ApiError('bankIdentityMismatch'),
      );
    },
  );
}

/** The account a recent bank login showed, if any. */
async function bankLoginAccount(ctx: AppContext, accountId: string) {
  const account = await ctx.bankAccounts.latest(accountId);
  return account && account.source === 'ob' && account.createdAt >= Date.now() - ACCOUNT_MAX_AGE_MS
    ? account
    : null;
}
