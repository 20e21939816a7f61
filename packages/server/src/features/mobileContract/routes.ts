import {
  checkResultSchema,
  isUkMobile,
  mobileContractRequestSchema,
  normaliseName,
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
import { checkAllowed } from '../checks/checkStep.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { claimedIdentity } from '../identity/coreIdentity.js';
import { checkProvider } from '../checks/checkProviders.js';

/** The spec's error code for each way a contract does not verify the user. */
const failures = {
  noMatch: 'mobileOperatorNoMatch',
  notFound: 'mobileOperatorNotFound',
  notSupported: 'mobileOperatorNotSupported',
} as const satisfies Record<Exclude<MobileContractResult['outcome'], 'matched'>, ErrorCode>;

/**
 * POST /api/verifymobilecontract: whether the mobile contract of this number is in the claimed
 * identity's name and birth date (the profile's). A contract that does not
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
      const core = await claimedIdentity(ctx, step.accountId);
      // checkAllowed asked for a name and birth date (a contract binds a person).
      const { givenNames, familyName } = core.names[0]!;
      // The operator is asked about the claimed identity itself: a contract in its name.
      const person = {
        given: normaliseName(givenNames),
        surname: normaliseName(familyName),
        dob: core.birthDate!,
      };
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
      const provider = checkProvider(ctx.mobileOperators).name;
      if (result.outcome === 'notFound' || result.outcome === 'notSupported')
        return settleCheck(ctx, request.journey, 'MobileContract', provider, {
          found: false,
          error: failures[result.outcome],
        });
      const matched = result.outcome === 'matched';
      return settleCheck(
        ctx,
        request.journey,
        'MobileContract',
        provider,
        {
          found: true,
          // noMatch: the number's contract is someone else's (the operator does not say whose).
          person: matched
            ? {
                kind: 'document',
                name: { givenNames: person.given, familyName: person.surname },
                birthDate: person.dob,
              }
            : null,
          transactionId: result.transactionId,
          scores: result.scores,
          // The operator answers yes or no and gives no values of its own: the evidence says
          // whom it confirmed (binding), and verifies no claim (evidence/verifiedValues.ts).
          attributes: {
            confirmed: {
              given_name: person.given,
              family_name: person.surname,
              birthdate: person.dob,
            },
          },
        },
        new ApiError(failures.noMatch),
      );
    },
  );
}
