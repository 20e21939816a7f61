import { randomUUID } from 'node:crypto';
import { contactRequestSchema, contactResponseSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';

const perAddress = { name: 'contact', max: 5, windowSeconds: 3600 };

/**
 * POST /api/contact: stores the message (encrypted) and e-mails the support address. A filled
 * honeypot (a_password) is a bot: it gets the same answer and the message is dropped.
 */
export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: { access: publicCall },
      schema: { body: contactRequestSchema, response: { 200: contactResponseSchema } },
    },
    async (request) => {
      await enforceLimit(ctx, perAddress, clientIp(request));
      const { email, name, help, a_password } = request.body;
      if (a_password) return { status: 'OK' as const };
      const id = randomUUID();
      await ctx.database.db
        .insertInto('contact_messages')
        .values({
          id,
          message: ctx.encryption.encrypt(
            JSON.stringify({ email, name, help }),
            `contact_messages:${id}`,
          ),
          created_at: Date.now(),
        })
        .execute();
      await ctx.email.send({
        to: ctx.config.supportEmail,
        subject: `Contact form: message from ${name}`,
        text: `From: ${name} <${email}>\nReference: ${id}\n\n${help}`,
      });
      return { status: 'OK' as const };
    },
  );
}
