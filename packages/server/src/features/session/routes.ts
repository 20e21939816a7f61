import { sessionSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { secondFactorPending } from '../account/signedInUser.js';
import { readSession } from './providerSession.js';
import { currentUser } from './currentUser.js';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/session',
      { schema: { response: { 200: sessionSchema } } },
      async (request, reply) => {
        const user = await currentUser(ctx, request, reply);
        reply.header('Cache-Control', 'no-store');
        if (!user) return { loggedIn: false, email: null };
        const { amr } = await readSession(ctx, request, reply);
        // Only said when true: the account opens once the second factor is proved.
        const pending = await secondFactorPending(ctx, user.id, amr ?? []);
        return {
          loggedIn: true,
          email: user.email,
          ...(pending ? { secondFactorRequired: true } : {}),
        };
      },
    );
}
