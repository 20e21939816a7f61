import { isValidPostcode, normalisePostcode } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import {
  addressItemSchema,
  AddressProviderError,
} from '../../providers/address/addressProvider.js';

const query = z.object({
  postcode: z.string().max(16).refine(isValidPostcode, 'Please enter a valid postcode'),
});
/** Lookups can cost money: signed-in users only, and a limit per address. */
const perAddress = { name: 'address-lookup', max: 60, windowSeconds: 3600 };

/** GET /api/address?postcode= */
export function addressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/address',
    {
      // Part of the profile step: lookups can cost money.
      config: { access: step('profile') },
      schema: { querystring: query, response: { 200: z.array(addressItemSchema) } },
    },
    async (request) => {
      await enforceLimit(ctx, perAddress, clientIp(request));
      try {
        return await ctx.addresses.lookup(normalisePostcode(request.query.postcode));
      } catch (error) {
        if (error instanceof AddressProviderError) {
          request.log.warn(
            { provider: ctx.addresses.name, reason: error.message },
            'address lookup failed',
          );
          throw new ApiError('service_unavailable');
        }
        throw error;
      }
    },
  );
}
