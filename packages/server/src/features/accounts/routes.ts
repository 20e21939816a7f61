import {
  codeSentSchema,
  passwordStrength,
  registerRequestSchema,
  resendRequestSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import type { Taken } from '../../kv/slidingWindow.js';
import { clientIp, enforceLimit, rateLimited } from '../../http/rateLimit.js';
import { requestLanguage } from '../../http/language.js';
import { nowSeconds, signInBrowser } from '../session/signIn.js';
import { MAX_SENDS_PER_ADDRESS_PER_HOUR, MAX_SENDS_PER_HOUR } from './emailCodes.js';
import { hashPassword } from './passwords.js';
import { sendCodeEmail } from './sendCode.js';

const perAddress = { name: 'register-ip', max: 20, windowSeconds: 3600 };
const verifyPerAddress = { name: 'verify-ip', max: 30, windowSeconds: 600 };

/** POST /api/register, /api/verify, /api/resend: sign-up and e-mail verification. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/register',
    {
      config: { access: publicCall },
      schema: { body: registerRequestSchema, response: { 200: codeSentSchema } },
    },
    async (request, reply) => {
      const { Email, Password, TermsVersion } = request.body;
      await enforceLimit(ctx, perAddress, clientIp(request));
      if (
        Password !== undefined &&
        !passwordStrength(Password, [Email, ctx.config.productName]).valid
      ) {
        throw new ApiError('weak_password');
      }
      const browserId = ctx.browsers.ensure(request, reply);
      const { user, created } = await ctx.users.findOrCreate(Email);
      if (created) await ctx.audit.record(user.id, 'signup');

      // The password is hashed, and the hourly limit applies, whether or not the address has
      // an account, so neither the time taken nor a 429 tells who has one.
      const passwordHash = Password === undefined ? null : await hashPassword(Password);
      if (user.emailVerified && Password !== undefined) {
        // Limited as codes are: per browser and per address.
        const notices = await ctx.counters.increment(`signup-notice:${Email}:${browserId}`, 3600);
        const noticesToAddress = await ctx.counters.increment(`signup-notice:${Email}`, 3600);
        if (notices > MAX_SENDS_PER_HOUR || noticesToAddress > MAX_SENDS_PER_ADDRESS_PER_HOUR)
          throw rateLimited(ctx, 'signup-notice');
        // The same answer as for a new address, so sign-up does not reveal who has an account.
        await ctx.email.send({
          to: Email,
          subject: `You already have a ${ctx.config.productName} account`,
          text: `Someone, perhaps you, tried to create a ${ctx.config.productName} account with this e-mail address.\n\nYou already have one: log in, or use 'Forgot Password' if you do not remember your password.`,
        });
        return { status: 'codeSent' as const };
      }
      // The chosen password and the terms accepted wait on the code: only whoever reads the
      // mailbox can set a password or accept terms for this address.
      const issued = await ctx.emailCodes.issue(Email, 'verify', browserId, {
        passwordHash,
        termsVersion: TermsVersion,
      });
      if (!issued) throw rateLimited(ctx, 'email-code-sends');
      await sendCodeEmail(ctx, Email, 'verify', issued.code, requestLanguage(request));
      return { status: 'codeSent' as const };
    },
  );

  typed.post(
    '/api/resend',
    {
      config: { access: publicCall },
      schema: { body: resendRequestSchema, response: { 200: codeSentSchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, perAddress, clientIp(request));
      const browserId = ctx.browsers.ensure(request, reply);
      const issued = await ctx.emailCodes.reissue(request.body.Email, 'verify', browserId);
      if (!issued) throw new ApiError('codeExpiredCannotResend');
      await sendCodeEmail(ctx, request.body.Email, 'verify', issued.code, requestLanguage(request));
      return { status: 'codeSent' as const };
    },
  );

  typed.post(
    '/api/verify',
    {
      config: { access: publicCall },
      schema: { body: verifyRequestSchema, response: { 200: verifyResponseSchema } },
    },
    async (request, reply) => {
      const { Email, Code, RequestId } = request.body;
      await enforceLimit(ctx, verifyPerAddress, clientIp(request));
      const browserId = ctx.browsers.ensure(request, reply);
      // Every code sent to this address draws on one budget: a new code brings no new guesses.
      let guess: Taken | undefined;
      const checked = await ctx.emailCodes.check(Email, 'verify', browserId, Code, async () => {
        guess = await takeCodeGuess(ctx, request, { email: Email }, 'email-verify');
      });
      if (checked.outcome !== 'invalidCode') await guess?.giveBack();
      if (checked.outcome !== 'valid') throw new ApiError(checked.outcome);

      const user = await ctx.users.findByEmail(Email);
      if (!user) throw new ApiError('codeExpiredCannotResend');
      if (!user.emailVerified) {
        await ctx.users.markVerified(user.id);
        await ctx.audit.record(user.id, 'email_verified');
      }
      if (checked.pending.passwordHash)
        await ctx.users.setPasswordHash(user.id, checked.pending.passwordHash);
      if (checked.pending.termsVersion)
        await ctx.users.acceptTerms(user.id, checked.pending.termsVersion);
      // A code from the mailbox is a one-time password (RFC 8176 'otp').
      const userRequirements = await signInBrowser(ctx, request, reply, RequestId, {
        accountId: user.id,
        amr: ['otp'],
        acr: 'urn:verity:aal1',
        loginTs: nowSeconds(),
        remember: false,
      });
      await ctx.audit.login(user.id, 'login', 'email_code');
      return { valid: true as const, email: user.email, userRequirements };
    },
  );
}
