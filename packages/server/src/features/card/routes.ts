import {
  cardDigits,
  cardFormErrors,
  cardRequestSchema,
  checkResultSchema,
  isoToday,
  normaliseName,
  requestQuerySchema,
  type Language,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { requestLanguage } from '../../http/language.js';
import { ApiError } from '../../http/apiError.js';
import { CardProviderError, type CardRange } from '../../providers/cards/cardProvider.js';
import { checkAllowed } from '../checks/checkStep.js';
import { settleCheck } from '../checks/checkOutcome.js';
import { checkProvider } from '../checks/checkProviders.js';
import { assuranceDemand } from '../assurance/demand.js';
import type { StepView } from '../../journey/journey.js';
import { cardNeededInstead, cardNeededMessage } from './cardNeeded.js';

/**
 * POST /api/verifycard: the card's range tells credit from debit (the check is CreditCard or
 * DebitCard), then the card service says whether it is open in this name. Only the brand,
 * type and last four digits are ever stored.
 */
export function cardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verifycard',
    {
      config: { access: step('check') },
      schema: {
        querystring: requestQuerySchema,
        body: cardRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      const number = cardDigits(request.body.number);
      let range: CardRange | null = null;
      await checkAllowed(
        ctx,
        request,
        async (step) => {
          range = await withProvider(() => checkProvider(ctx.cards).lookupRange(number));
          if (!range)
            throw new ApiError('validation_failed', undefined, {
              number: 'This type of card is not accepted',
            });
          const given = range.type === 'debit' ? 'DebitCard' : 'CreditCard';
          await refuseCardNotNeeded(ctx, step, given, requestLanguage(request));
          return given;
        },
        () => cardFormErrors(request.body, isoToday()),
      );
      const card: CardRange = range!;
      const check = card.type === 'debit' ? 'DebitCard' : 'CreditCard';
      const result = await withProvider(() =>
        checkProvider(ctx.cards).verifyCard({
          number,
          name: normaliseName(request.body.name),
          expiry: request.body.expiry.trim(),
        }),
      );
      reply.header('Cache-Control', 'no-store');
      return settleCheck(
        ctx,
        request.journey,
        check,
        checkProvider(ctx.cards).name,
        result.outcome === 'matched'
          ? {
              found: true,
              person: { kind: 'holder', holderName: result.holderName },
              transactionId: result.transactionId,
              scores: result.scores,
              attributes: {
                holder_name: result.holderName,
                card: { brand: card.brand, type: card.type, last4: number.slice(-4) },
              },
            }
          : { found: false },
      );
    },
  );
}

/** A card of the other kind than the request needs is an input to correct (cardNeeded.ts). */
async function refuseCardNotNeeded(
  ctx: AppContext,
  step: StepView,
  given: 'CreditCard' | 'DebitCard',
  language: Language,
): Promise<void> {
  const { interaction, client } = step;
  if (!interaction || !client) return;
  const choice = await ctx.assuranceChoices.get(interaction.uid);
  const demand = assuranceDemand(client.policy, interaction);
  // A GPG45 level counts a payment card of either kind alike: any card may help meet it.
  if (demand?.level) return;
  const needed = cardNeededInstead(given, choice, demand?.lists ?? null);
  if (!needed) return;
  const message = cardNeededMessage(needed, client.metadata.client_name ?? null, language);
  throw new ApiError('card_type_not_accepted', message, { number: message });
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardProviderError) throw new ApiError('service_unavailable');
    throw error;
  }
}
