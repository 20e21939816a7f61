import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { accountConsentRoutes } from './consentsRoutes.js';
import { accountDeleteRoutes } from './deleteRoutes.js';

/** The account pages' calls: consents given to services, and closing the account. */
export function accountAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  accountConsentRoutes(app, ctx);
  accountDeleteRoutes(app, ctx);
}
