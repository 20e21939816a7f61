import { deleteAccountRequestSchema, deleteAccountResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { checkPassword } from '../accounts/passwords.js';
import { closeAccount } from './closeAccount.js';
import { signedInUser } from './signedInUser.js';

/** Tells the address that its account was deleted, so a deletion nobody meant is noticed. */
async function sendClosureNotice(ctx: AppContext, to: string): Promise<void> {
  const product = ctx.config.productName;
  await ctx.email.send({
    to,
    subject: `Your ${product} account has been deleted`,
    text:
      `Your ${product} account has been deleted, and you have been signed out everywhere.\n\n` +
      `As our Privacy Policy says, we keep the records of the identity checks you completed, encrypted, and a log of security events on the account for 7 years, to meet our legal duties to prevent fraud and money laundering. Everything else is deleted.\n\n` +
      `If you did not delete your account, contact us at ${ctx.config.supportEmail}.\n\n${product}`,
  });
}

export const deleteLimits = {
  perAddress: { name: 'account-delete-ip', max: 20, windowSeconds: 900 },
  failuresPerAccount: { name: 'account-delete-attempts', max: 5, windowSeconds: 900 },
};

/**
 * POST /api/account/delete: the signed-in user confirms with their password, then the
 * account is closed (closeAccount says what goes and what is kept).
 */
export function accountDeleteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/account/delete',
    {
      schema: {
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(ctx, request, reply);
      await enforceLimit(ctx, deleteLimits.perAddress, clientIp(request));
      // Counted before the check, atomically, so parallel guesses cannot pass the limit.
      const attemptsKey = `rl:${deleteLimits.failuresPerAccount.name}:${user.id}`;
      const attempts = await ctx.kv.increment(
        attemptsKey,
        deleteLimits.failuresPerAccount.windowSeconds,
      );
      if (attempts > deleteLimits.failuresPerAccount.max) throw new ApiError('rate_limited');
      const valid = await checkPassword(
        await ctx.users.passwordHash(user.id),
        request.body.Password,
      );
      if (!valid) {
        await ctx.audit.record(user.id, 'account_delete_failed');
        throw new ApiError('wrong_password');
      }
      await closeAccount(ctx.database.db, user.id);
      await ctx.kv.delete(attemptsKey);
      await ctx.audit.record(user.id, 'account_deleted');
      await sendClosureNotice(ctx, user.email);
      return { deleted: true as const };
    },
  );
}
