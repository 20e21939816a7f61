import { checkResultSchema, photoCheckPendingSchema, requestQuerySchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { step } from '../../../journey/access.js';
import { photoCheckStatus } from './pendingPhotoSettle.js';

/**
 * GET /api/photoid/status?requestId=: the browser's poll while a vendor's photo check runs
 * (202 pending), which settles it once answered (pendingPhotoSettle.ts). A check step, as the
 * photo routes that started it.
 */
export function photoStatusRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/photoid/status',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        response: { 200: checkResultSchema, 202: photoCheckPendingSchema },
      },
    },
    async (request, reply) => photoCheckStatus(ctx, request, reply),
  );
}
