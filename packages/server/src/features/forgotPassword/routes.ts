import {
  codeSentSchema,
  forgotPasswordRequestSchema,
  forgotPasswordVerifyRequestSchema,
  forgotPasswordVerifyResponseSchema,
  okSchema,
  passwordStrength,
  resetPasswordRequestSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { handoff, publicCall } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import type { Taken } from '../../kv/slidingWindow.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { requestLanguage } from '../../http/language.js';
import { liftPasswordLock } from '../accounts/passwordThrottle.js';
import { hashPassword } from '../accounts/passwords.js';
import { revokeAfterPasswordChange } from '../accounts/revokeAfterPasswordChange.js';
import { sendCodeEmail } from '../accounts/sendCode.js';
import {
  issueResetToken,
  passwordFingerprint,
  readResetToken,
  RESET_TOKEN_TTL_SECONDS,
  tokenKey,
} from './resetTokens.js';

const perAddress = { name: 'forgot-ip', max: 20, windowSeconds: 3600 };

/**
 * POST /api/forgotpassword, /verifycode and /reset. Every answer is the same whether or not
 * the address has an account: an unknown address gets a code record too, that no e-mail
 * carries, so any code entered for it is simply wrong.
 */
export function forgotPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/forgotpassword',
    {
      config: { access: publicCall },
      schema: { body: forgotPasswordRequestSchema, response: { 200: codeSentSchema } },
    },
    async (request, reply) => {
      const { Email } = request.body;
      await enforceLimit(ctx, perAddress, clientIp(request));
      const browserId = ctx.browsers.ensure(request, reply);
      const user = await ctx.users.findByEmail(Email);
      const issued = await ctx.emailCodes.issue(Email, 'reset', browserId);
      if (issued && user?.emailVerified)
        await sendCodeEmail(ctx, Email, 'reset', issued.code, requestLanguage(request));
      return { status: 'codeSent' as const };
    },
  );

  typed.post(
    '/api/forgotpassword/verifycode',
    {
      config: { access: handoff('emailCode') },
      schema: {
        body: forgotPasswordVerifyRequestSchema,
        response: { 200: forgotPasswordVerifyResponseSchema },
      },
    },
    async (request, reply) => {
      const { Email, Code } = request.body;
      await enforceLimit(ctx, perAddress, clientIp(request));
      const browserId = ctx.browsers.ensure(request, reply);
      // Every reset code of this address draws on one budget: a new code brings no new guesses.
      let guess: Taken | undefined;
      const checked = await ctx.emailCodes.check(Email, 'reset', browserId, Code, async () => {
        guess = await takeCodeGuess(ctx, request, { email: Email }, 'password-reset');
      });
      if (checked.outcome === 'invalidCode') return { invalidCode: true };
      await guess?.giveBack();
      if (checked.outcome !== 'valid') throw new ApiError(checked.outcome);
      const user = await ctx.users.findByEmail(Email);
      if (!user?.emailVerified) return { invalidCode: true };
      const resetToken = await issueResetToken(ctx, user, browserId, RESET_TOKEN_TTL_SECONDS);
      return { invalidCode: false, resetToken };
    },
  );

  typed.post(
    '/api/forgotpassword/reset',
    {
      config: { access: handoff('emailCode') },
      schema: { body: resetPasswordRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { Email, ResetToken, Password } = request.body;
      await enforceLimit(ctx, perAddress, clientIp(request));
      const grant = await readResetToken(ctx, ResetToken);
      // A token from a code works only in the browser that proved the code; the link in a
      // lock e-mail (browserId null) in any.
      if (
        !grant ||
        grant.email !== Email ||
        (grant.browserId !== null && grant.browserId !== ctx.browsers.get(request))
      )
        throw new ApiError('invalidCode');
      // A reset started before the account was closed must not give it a password again.
      if ((await ctx.users.findById(grant.userId))?.closed !== false)
        throw new ApiError('invalidCode');
      if (!passwordStrength(Password, [Email, ctx.config.productName]).valid)
        throw new ApiError('weak_password');

      // Used once, even by parallel requests: the first to take it wins.
      if (!(await ctx.kv.take(tokenKey(ResetToken)))) throw new ApiError('invalidCode');
      // Only from the password the token was issued for, in one conditional update: a reset
      // (or any change of password) since then makes every other token dead, parallel ones too.
      const current = await ctx.users.passwordHash(grant.userId);
      if (
        passwordFingerprint(current) !== grant.passwordFingerprint ||
        !(await ctx.users.replacePasswordHash(grant.userId, current, await hashPassword(Password)))
      )
        throw new ApiError('invalidCode');
      await ctx.emailCodes.consumeAll(grant.email);
      await liftPasswordLock(ctx, grant.email);
      await ctx.audit.record(grant.userId, 'password_reset');
      await revokeAfterPasswordChange(ctx, grant);
      return { status: 'ok' as const };
    },
  );
}
