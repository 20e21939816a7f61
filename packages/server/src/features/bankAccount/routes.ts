import { checkResultSchema, requestQuerySchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { checkGuards, recordCheck } from '../checks/checkStep.js';
import { HOLDER_NAME_THRESHOLD } from '../openBanking/holderName.js';

/** A bank account shown by a bank login this recently can still be checked. */
const ACCOUNT_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

/**
 * POST /api/verifybankaccount (spec: no payload): the Bank check of the account a bank login
 * showed. Guards: signed in, the check not done or failed lately, the attempt limits; an
 * account to check. Then one action: its holder-name score and modulus result become evidence.
 * Without an account (or one that fails the modulus check) the answer is
 * bankVerificationFailed, and the screen goes on to the knowledge-based questions.
 */
export function bankAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifybankaccount',
    {
      schema: {
        querystring: requestQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      const step = await checkGuards(ctx, request, reply, 'Bank', () => ({}));
      reply.header('Cache-Control', 'no-store');
      const account = await ctx.bankAccounts.latest(step.accountId);
      if (
        !account ||
        account.source !== 'ob' ||
        account.createdAt < Date.now() - ACCOUNT_MAX_AGE_MS
      )
        throw new ApiError('bankVerificationFailed');
      const matches = account.nameScore >= HOLDER_NAME_THRESHOLD;
      const passed = matches && account.modulusValid;
      const profile = await ctx.profiles.get(step.accountId);
      const result = await recordCheck(ctx, step, {
        check: 'Bank',
        outcome: passed ? 'passed' : 'failed',
        scores: {
          strength: 2,
          validity: account.modulusValid ? 2 : 0,
          activity: 1,
          fraud: 0,
          verification: passed ? (account.nameScore === 100 ? 2 : 1) : 0,
        },
        provider: account.provider ?? 'unknown',
        transactionId: randomUUID(),
        attributes: passed
          ? {
              ...(typeof profile.given_name === 'string' ? { given_name: profile.given_name } : {}),
              ...(typeof profile.family_name === 'string'
                ? { family_name: profile.family_name }
                : {}),
            }
          : null,
      });
      if (!account.modulusValid) throw new ApiError('bankVerificationFailed');
      if (!matches) throw new ApiError('bankIdentityMismatch');
      return result;
    },
  );
}
