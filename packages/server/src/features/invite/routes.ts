import { createHmac } from 'node:crypto';
import { inviteRequestSchema, inviteResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account } from '../../journey/access.js';
import { requestLanguage } from '../../http/language.js';
import { enforceLimit } from '../../http/rateLimit.js';
import { accountMessages } from '../../messages/accountMessages.js';
import { forUnknownReader } from '../../messages/unknownReader.js';

export const inviteLimits = {
  perUser: { name: 'invite-user', max: 5, windowSeconds: 86_400 },
  /** However many users ask, one address gets few invitations (counted by a keyed hash of it). */
  perRecipient: { name: 'invite-recipient', max: 2, windowSeconds: 7 * 86_400 },
};

/**
 * POST /api/invite ('Request proof from someone...'): e-mails a person an invitation to
 * verify themselves with Verity. The text is fixed; the only variable part is the asking
 * user's own verified address, so the call cannot relay anyone's message. In the asker's
 * language, with the other one too (messages/unknownReader.ts): the reader's is unknown.
 */
export function inviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/invite',
    {
      config: { access: account('full') },
      schema: { body: inviteRequestSchema, response: { 200: inviteResponseSchema } },
    },
    async (request) => {
      const { user } = request.journey.who;
      const { email } = request.body;
      await enforceLimit(ctx, inviteLimits.perUser, user.id);
      // Keyed, so the counter's name does not give the address away.
      const recipient = createHmac('sha256', ctx.secrets.dataKey)
        .update(`invite:${email.toLowerCase()}`)
        .digest('hex');
      await enforceLimit(ctx, inviteLimits.perRecipient, recipient);
      const product = ctx.config.productName;
      const link = new URL('/signup', ctx.config.publicUrl).href;
      await ctx.email.send({
        to: email,
        ...forUnknownReader(
          requestLanguage(request),
          (language) => ({
            subject: accountMessages[language].inviteSubject(product),
            body: accountMessages[language].inviteBody(product, user.email, link),
          }),
          accountMessages.en.otherLanguage,
        ),
      });
      await ctx.audit.record(user.id, 'proof_requested');
      return { status: 'sent' as const };
    },
  );
}
