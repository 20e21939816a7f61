import { createHmac } from 'node:crypto';
import { inviteRequestSchema, inviteResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account } from '../../journey/access.js';
import { enforceLimit } from '../../http/rateLimit.js';

export const inviteLimits = {
  perUser: { name: 'invite-user', max: 5, windowSeconds: 86_400 },
  /** However many users ask, one address gets few invitations (counted by a keyed hash of it). */
  perRecipient: { name: 'invite-recipient', max: 2, windowSeconds: 7 * 86_400 },
};

/**
 * POST /api/invite ('Request proof from someone...'): e-mails a person an invitation to
 * verify themselves with Verity. The text is fixed; the only variable part is the asking
 * user's own verified address, so the call cannot relay anyone's message.
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
      await ctx.email.send({
        to: email,
        subject: `Please verify your identity with ${product}`,
        text:
          `${user.email} has asked you to prove your identity with ${product}.\n\n` +
          `To do so, create a ${product} account and verify your identity at:\n${new URL('/signup', ctx.config.publicUrl).href}\n\n` +
          `Then share your verified identity with them from your account.\n\n` +
          `If you do not know the person who asked, you can ignore this e-mail.\n\n${product}`,
      });
      await ctx.audit.record(user.id, 'proof_requested');
      return { status: 'sent' as const };
    },
  );
}
