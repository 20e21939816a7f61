import { healthSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isReachable } from '../../db/database.js';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';

/** How long /readyz waits for the database and Redis: an outage is reported within a second. */
const READY_TIMEOUT_MS = 700;

/** The check's answer, or false when it has not come in time (a hung connection, say). */
function withinReadyTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process is alive. /readyz: it can reach its database (and Redis when used) and
 * has read the signing keys lately (LiveProvider.keysFresh).
 */
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
      const [databaseReady, kvReady] = await Promise.all([
        withinReadyTimeout(isReachable(ctx.database.db)),
        withinReadyTimeout(
          ctx.kv.get('readyz').then(
            () => true,
            () => false,
          ),
        ),
      ]);
      // Keys not read for two refresh intervals: this instance may sign with a withdrawn key.
      const ready = databaseReady && kvReady && ctx.liveProvider.keysFresh();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
