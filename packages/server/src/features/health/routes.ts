import { healthSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isReachable } from '../../db/database.js';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';

/** /healthz: the process is alive. /readyz: it can reach its database (and Redis when used). */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      config: { access: publicCall },
      schema: { response: { 200: healthSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      config: { access: publicCall },
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const kvReady = await ctx.kv.get('readyz').then(
        () => true,
        () => false,
      );
      const ready = (await isReachable(ctx.database.db)) && kvReady;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
