import { sessionSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
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
        return { loggedIn: user !== null, email: user?.email ?? null };
      },
    );
}
