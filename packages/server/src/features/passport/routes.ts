import {
  checkResultSchema,
  isoToday,
  normaliseName,
  passportFormErrors,
  passportRequestSchema,
  requestQuerySchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { DocumentProviderError } from '../../providers/documents/documentProvider.js';
import { checkAllowed } from '../checks/checkStep.js';
import { documentFinding, settleCheck } from '../checks/checkOutcome.js';
import { checkProvider } from '../checks/checkProviders.js';

/** The issuer named in passport evidence. */
const passportIssuer = { name: 'HM Passport Office', country: 'GB' };

/** POST /api/verifypassport: the passport's details checked against the issuer's records. */
export function passportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifypassport',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: passportRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      await checkAllowed(ctx, request, 'Passport', () =>
        passportFormErrors(request.body, isoToday()),
      );
      const details = {
        number: request.body.number.trim(),
        surname: normaliseName(request.body.surname),
        given: normaliseName(request.body.given),
        dob: request.body.dob,
        expiry: request.body.expiry,
      };
      let result;
      try {
        result = await checkProvider(ctx.documents).checkPassport(details);
      } catch (error) {
        if (error instanceof DocumentProviderError) throw new ApiError('service_unavailable');
        throw error;
      }
      reply.header('Cache-Control', 'no-store');
      const document = {
        type: 'passport' as const,
        number: details.number,
        dateOfExpiry: details.expiry,
        issuer: passportIssuer,
      };
      return settleCheck(
        ctx,
        request.journey,
        'Passport',
        checkProvider(ctx.documents).name,
        documentFinding(result, document),
      );
    },
  );
}
