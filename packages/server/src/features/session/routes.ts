import { sessionSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';

export function sessionRoutes(app: FastifyInstance, _ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/session',
    // Public: it answers whether anyone is signed in (a login past its lifetime is not).
    { config: { access: publicCall }, schema: { response: { 200: sessionSchema } } },
    async (request, reply) => {
      const who = await request.journey.signIn();
      reply.header('Cache-Control', 'no-store');
      if (!who) return { loggedIn: false, email: null };
      // Only said when true: the account opens once the second factor is proved.
      const pending = who.methods > 0 && !who.twoFactors;
      return {
        loggedIn: true,
        email: who.user.email,
        ...(pending ? { secondFactorRequired: true } : {}),
      };
    },
  );
}
