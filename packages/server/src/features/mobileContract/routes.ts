import {
  checkResultSchema,
  isUkMobile,
  mobileContractRequestSchema,
  normaliseMobile,
  requestQuerySchema,
  type ErrorCode,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import {
  MobileOperatorUnavailable,
  type MobileContractResult,
} from '../../providers/mobile/mobileOperator.js';
import { checkAllowed, recordCheck } from '../checks/checkStep.js';
import { kbvPerson } from '../kbv/kbvSubject.js';
import { checkProvider } from '../checks/checkProviders.js';

/** The spec's error code for each way a contract does not verify the user. */
const failures: Record<Exclude<MobileContractResult['outcome'], 'matched'>, ErrorCode> = {
  noMatch: 'mobileOperatorNoMatch',
  notFound: 'mobileOperatorNotFound',
  notSupported: 'mobileOperatorNotSupported',
};

/**
 * POST /api/verifymobilecontract: whether the mobile contract of this number is in the name
 * (and birth date) the user has verified, else their profile's. A contract that does not
 * verify them answers one of the four mobileOperator* codes, as the spec's screen expects.
 */
export function mobileContractRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifymobilecontract',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: mobileContractRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      const step = await checkAllowed(ctx, request, 'MobileContract', (): Record<string, string> =>
        isUkMobile(request.body.mobileNumber)
          ? {}
          : { mobileNumber: 'Please enter a UK mobile number: 07 followed by 9 digits' },
      );
      const person = await kbvPerson(ctx, step.accountId);
      if (!person)
        throw new ApiError(
          'step_not_allowed',
          'Please verify a document or give your name and date of birth first.',
        );
      let result: MobileContractResult;
      try {
        result = await checkProvider(ctx.mobileOperators).matchContract(
          normaliseMobile(request.body.mobileNumber),
          person,
        );
      } catch (error) {
        if (error instanceof MobileOperatorUnavailable)
          throw new ApiError('mobileOperatorTemporaryUnavailable');
        throw error;
      }
      reply.header('Cache-Control', 'no-store');
      const answer = await recordCheck(ctx, request.journey, {
        check: 'MobileContract',
        outcome: result.outcome === 'matched' ? 'passed' : 'failed',
        scores: result.scores,
        provider: checkProvider(ctx.mobileOperators).name,
        transactionId: result.transactionId,
        attributes: null,
      });
      if (result.outcome !== 'matched') throw new ApiError(failures[result.outcome]);
      return answer;
    },
  );
}
