import { emailLoginRequestSchema, loginResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { rateLimited } from '../../http/rateLimit.js';
import { requestLanguage } from '../../http/language.js';
import { throttledPasswordCheck } from '../accounts/passwordThrottle.js';
import { sendCodeEmail } from '../accounts/sendCode.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';

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
      const found = await ctx.users.findByEmailWithPasswordHash(Email);
      const user = found?.user;
      // A never-verified account's password waits on its code: it is checked, but only opens
      // the way to verification.
      const pending =
        user && !user.emailVerified ? await ctx.emailCodes.pendingSignup(Email) : null;
      const hash = !found
        ? null
        : found.user.emailVerified
          ? found.passwordHash
          : (pending?.passwordHash ?? null);
      // Throttled per address and per account, the same for an address without an account;
      // always one hash check, so an unknown e-mail answers as slowly as a wrong password.
      const outcome = await throttledPasswordCheck(ctx, request, {
        email: Email,
        storedHash: hash,
        password: Password,
        owner: user?.emailVerified
          ? { id: user.id, email: user.email, language: user.language }
          : null,
      });

      if (!user || outcome !== 'valid') {
        await ctx.audit.login(user?.id ?? null, 'login_failed', 'password');
        // One answer for a wrong password, an unknown e-mail and a locked account.
        return { failed: true, userRequirements: [] };
      }
      if (!user.emailVerified) {
        const issued = await ctx.emailCodes.issue(
          Email,
          'verify',
          ctx.browsers.ensure(request, reply),
          pending ?? undefined,
        );
        if (!issued) throw rateLimited(ctx, 'email-code-sends');
        await sendCodeEmail(ctx, Email, 'verify', issued.code, requestLanguage(request));
        return { failed: false, verifyEmail: true, email: user.email, userRequirements: [] };
      }
      const userRequirements = await signInBrowser(ctx, request, reply, RequestId, {
        accountId: user.id,
        amr: ['pwd'],
        acr: 'urn:verity:aal1',
        loginTs: nowSeconds(),
        remember: RememberMe === true,
      });
      await ctx.audit.login(user.id, 'login', 'password');
      return { failed: false, email: user.email, userRequirements };
    },
  );
}
