import { emailLoginRequestSchema, loginResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { checkPassword } from '../accounts/passwords.js';
import { sendCodeEmail } from '../accounts/sendCode.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';

/** Password checks per client address, and failures per account, shared by every instance. */
export const loginLimits = {
  perAddress: { name: 'password-ip', max: 30, windowSeconds: 900 },
  failuresPerAccount: { name: 'password-attempts', max: 10, windowSeconds: 900 },
};

/** POST /api/login/email */
export function loginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login/email',
    {
      config: { access: publicCall },
      schema: { body: emailLoginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { Email, Password, RequestId, RememberMe } = request.body;
      await enforceLimit(ctx, loginLimits.perAddress, clientIp(request));
      const user = await ctx.users.findByEmail(Email);
      // A never-verified account's password waits on its code: it is checked, but only opens
      // the way to verification.
      const pending =
        user && !user.emailVerified ? await ctx.emailCodes.pendingSignup(Email) : null;
      const hash = !user
        ? null
        : user.emailVerified
          ? await ctx.users.passwordHash(user.id)
          : (pending?.passwordHash ?? null);
      // Counted before the check, atomically, so parallel guesses cannot slip past the
      // limit; a successful login clears the count.
      const attemptsKey = `rl:${loginLimits.failuresPerAccount.name}:${user?.id ?? Email}`;
      const attempts = await ctx.kv.increment(
        attemptsKey,
        loginLimits.failuresPerAccount.windowSeconds,
      );
      const throttled = attempts > loginLimits.failuresPerAccount.max;
      // Always one hash check, so an unknown e-mail answers as slowly as a wrong password.
      const valid = await checkPassword(hash, Password);

      if (!user || !valid || throttled) {
        if (user) await ctx.audit.record(user.id, 'login_failed');
        // One answer for a wrong password, an unknown e-mail and a throttled account.
        return { failed: true, userRequirements: [] };
      }
      if (!user.emailVerified) {
        const issued = await ctx.emailCodes.issue(
          Email,
          'verify',
          ctx.browsers.ensure(request, reply),
          pending ?? undefined,
        );
        if (!issued) throw new ApiError('rate_limited');
        await sendCodeEmail(ctx, Email, 'verify', issued.code);
        return { failed: false, verifyEmail: true, email: user.email, userRequirements: [] };
      }
      await ctx.kv.delete(attemptsKey);
      const userRequirements = await signInBrowser(ctx, request, reply, RequestId, {
        accountId: user.id,
        amr: ['pwd'],
        acr: 'urn:verity:aal1',
        loginTs: nowSeconds(),
        remember: RememberMe === true,
      });
      await ctx.audit.record(user.id, 'login');
      return { failed: false, email: user.email, userRequirements };
    },
  );
}
