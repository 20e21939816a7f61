import {
  deleteAccountOptionsSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  DELETION_LOGIN_SECONDS,
  type Language,
  type SocialProvider,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { account } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { requestLanguage } from '../../http/language.js';
import { clientIp, enforceLimit, rateLimited } from '../../http/rateLimit.js';
import { accountMessages } from '../../messages/accountMessages.js';
import { throttledPasswordCheck } from '../accounts/passwordThrottle.js';
import type { User } from '../accounts/userStore.js';
import { closeAccount } from './closeAccount.js';
import { errorText } from '../../messages/errorMessages.js';

/** Tells the address that its account was deleted, so a deletion nobody meant is noticed. */
async function sendClosureNotice(
  ctx: AppContext,
  to: string,
  language: Language,
  trx: Kysely<Database>,
) {
  const product = ctx.config.productName;
  const text = accountMessages[language];
  await ctx.email.send(
    {
      to,
      subject: text.closureSubject(product),
      text: text.closureBody(product, ctx.config.supportEmail),
    },
    trx,
  );
}

export const deleteLimits = {
  perAddress: { name: 'account-delete-ip', max: 20, windowSeconds: 900 },
  /** Attempts to confirm with a recent login (no password); passwords go through the throttle. */
  failuresPerAccount: { name: 'account-delete-attempts', max: 5, windowSeconds: 900 },
};

type Confirmation =
  | { confirmWith: 'password'; passwordHash: string }
  | { confirmWith: 'recentLogin'; recentUntil: number; providers: SocialProvider[] };

/**
 * How the account confirms a deletion: its password; or, for an account without one (social
 * sign-in only), a login less than DELETION_LOGIN_SECONDS old, through a linked provider.
 */
async function confirmationOf(
  ctx: AppContext,
  request: FastifyRequest,
  user: User,
): Promise<Confirmation> {
  const passwordHash = await ctx.users.passwordHash(user.id);
  if (passwordHash !== null) return { confirmWith: 'password', passwordHash };
  const { loginTs } = request.journey.who.login;
  const identities = await ctx.socialIdentities.forUser(user.id);
  return {
    confirmWith: 'recentLogin',
    recentUntil: (loginTs + DELETION_LOGIN_SECONDS) * 1000,
    providers: [...new Set(identities.map((identity) => identity.provider))],
  };
}

/**
 * Why the request does not confirm the deletion, or null when it does. The password is checked
 * through the same throttle as login (its delays, its failures and its lock).
 */
async function confirmationFailure(
  ctx: AppContext,
  request: FastifyRequest,
  user: User,
  confirmation: Confirmation,
  body: { Password: string } | { RecentLogin: true },
): Promise<'wrong_password' | 'password_required' | 'login_not_recent' | null> {
  if (confirmation.confirmWith === 'password') {
    if (!('Password' in body)) return 'password_required';
    const outcome = await throttledPasswordCheck(ctx, request, {
      email: user.email,
      storedHash: confirmation.passwordHash,
      password: body.Password,
      owner: { id: user.id, email: user.email, language: user.language },
    });
    if (outcome === 'locked')
      throw rateLimited(
        ctx,
        'password-lock',
        undefined,
        errorText((texts) => texts.passwordLocked),
      );
    return outcome === 'valid' ? null : 'wrong_password';
  }
  // Without a password only the login's age confirms, whatever the body says.
  return confirmation.recentUntil > Date.now() ? null : 'login_not_recent';
}

/**
 * GET /api/account/delete says how the account confirms; POST /api/account/delete: the
 * signed-in user confirms with their password (or, without one, a recent login), then the
 * account is closed (closeAccount says what goes and what is kept).
 */
export function accountDeleteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/account/delete',
    {
      config: { access: account('full') },
      schema: { response: { 200: deleteAccountOptionsSchema } },
    },
    async (request, reply) => {
      const { user } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      const confirmation = await confirmationOf(ctx, request, user);
      if (confirmation.confirmWith === 'password') return { confirmWith: 'password' as const };
      return {
        confirmWith: 'recentLogin' as const,
        secondsLeft: Math.max(0, Math.floor((confirmation.recentUntil - Date.now()) / 1000)),
        providers: confirmation.providers,
      };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/account/delete',
    {
      config: { access: account('recent') },
      schema: {
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request) => {
      const { user } = request.journey.who;
      await enforceLimit(ctx, deleteLimits.perAddress, clientIp(request));
      const confirmation = await confirmationOf(ctx, request, user);
      // Counted before the check, atomically, so parallel attempts cannot pass the limit.
      const attemptsKey = `rl:${deleteLimits.failuresPerAccount.name}:${user.id}`;
      if (confirmation.confirmWith === 'recentLogin') {
        const attempts = await ctx.counters.increment(
          attemptsKey,
          deleteLimits.failuresPerAccount.windowSeconds,
        );
        if (attempts > deleteLimits.failuresPerAccount.max)
          throw rateLimited(ctx, deleteLimits.failuresPerAccount.name);
      }
      const failure = await confirmationFailure(ctx, request, user, confirmation, request.body);
      if (failure) {
        await ctx.audit.record(user.id, 'account_delete_failed');
        throw new ApiError(failure);
      }
      await closeAccount(ctx.database.db, user.id, Date.now(), (trx) =>
        sendClosureNotice(ctx, user.email, requestLanguage(request), trx),
      );
      await ctx.counters.delete(attemptsKey);
      await ctx.audit.record(user.id, 'account_deleted');
      return { deleted: true as const };
    },
  );
}
