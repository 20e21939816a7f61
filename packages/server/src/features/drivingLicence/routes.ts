import {
  checkResultSchema,
  isoToday,
  licenceFormErrors,
  licenceRequestSchema,
  normaliseLicenceNumber,
  normaliseName,
  normalisePostcode,
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

const licenceIssuer = { name: 'Driver and Vehicle Licensing Agency', country: 'GB' };

/** POST /api/verifydrivinglicence: the licence's details checked against the DVLA's records. */
export function drivingLicenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifydrivinglicence',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: licenceRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      await checkAllowed(ctx, request, 'DrivingLicence', () =>
        licenceFormErrors(request.body, isoToday()),
      );
      const form = request.body;
      const details = {
        number: normaliseLicenceNumber(form.number),
        surname: normaliseName(form.surname),
        given: normaliseName(form.given),
        dob: form.dob,
        issue: form.issue,
        expiry: form.expiry,
        postcode: normalisePostcode(form.postcode),
      };
      let result;
      try {
        result = await checkProvider(ctx.documents).checkLicence(details);
      } catch (error) {
        if (error instanceof DocumentProviderError) throw new ApiError('service_unavailable');
        throw error;
      }
      reply.header('Cache-Control', 'no-store');
      const document = {
        type: 'driving_permit' as const,
        number: details.number,
        dateOfIssuance: details.issue,
        dateOfExpiry: details.expiry,
        issuer: licenceIssuer,
      };
      return settleCheck(
        ctx,
        request.journey,
        'DrivingLicence',
        checkProvider(ctx.documents).name,
        documentFinding(result, document),
      );
    },
  );
}
