import { createHash, randomBytes } from 'node:crypto';
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
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { revokeAccount } from '../../oidc/revoke.js';
import { hashPassword } from '../accounts/passwords.js';
import { sendCodeEmail } from '../accounts/sendCode.js';

const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const perAddress = { name: 'forgot-ip', max: 20, windowSeconds: 3600 };

interface ResetGrant {
  userId: string;
  email: string;
  browserId: string;
}

const tokenKey = (token: string) =>
  `reset-token:${createHash('sha256').update(token).digest('hex')}`;

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
      if (issued && user?.emailVerified) await sendCodeEmail(ctx, Email, 'reset', issued.code);
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
      const checked = await ctx.emailCodes.check(Email, 'reset', browserId, Code);
      if (checked.outcome === 'invalidCode') return { invalidCode: true };
      if (checked.outcome !== 'valid') throw new ApiError(checked.outcome);
      const user = await ctx.users.findByEmail(Email);
      if (!user?.emailVerified) return { invalidCode: true };
      const resetToken = randomBytes(32).toString('base64url');
      const grant: ResetGrant = { userId: user.id, email: user.email, browserId };
      await ctx.kv.set(tokenKey(resetToken), JSON.stringify(grant), RESET_TOKEN_TTL_SECONDS);
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
      const stored = await ctx.kv.get(tokenKey(ResetToken));
      const grant = stored ? (JSON.parse(stored) as ResetGrant) : null;
      if (!grant || grant.email !== Email || grant.browserId !== ctx.browsers.get(request))
        throw new ApiError('invalidCode');
      // A reset started before the account was closed must not give it a password again.
      if ((await ctx.users.findById(grant.userId))?.closed !== false)
        throw new ApiError('invalidCode');
      if (!passwordStrength(Password, [Email, ctx.config.productName]).valid)
        throw new ApiError('weak_password');

      // Used once, even by parallel requests: the first to count it wins.
      if ((await ctx.kv.increment(`${tokenKey(ResetToken)}:used`, RESET_TOKEN_TTL_SECONDS)) > 1) {
        throw new ApiError('invalidCode');
      }
      await ctx.kv.delete(tokenKey(ResetToken));
      await ctx.users.setPasswordHash(grant.userId, await hashPassword(Password));
      await ctx.emailCodes.consumeAll(grant.email);
      await revokeAccount(ctx.database.db, grant.userId);
      await ctx.audit.record(grant.userId, 'password_reset');
      await ctx.email.send({
        to: grant.email,
        subject: `Your ${ctx.config.productName} password was changed`,
        text: `Your ${ctx.config.productName} password was just changed, and every device was signed out.\n\nIf this was not you, reset your password now with 'Forgot Password' and contact ${ctx.config.supportEmail}.`,
      });
      return { status: 'ok' as const };
    },
  );
}
