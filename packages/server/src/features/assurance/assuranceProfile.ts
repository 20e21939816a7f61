import type { FieldDefinition } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import type { ClientPolicy } from '../clients/policy.js';
import { requestedFields, standardFields } from '../profile/requestedClaims.js';
import { assuranceState } from './assuranceState.js';
import { subjectFields, subjectFieldsForOptions } from './subjectFields.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The profile fields the assurance still to do needs (subjectFields.ts): the chosen option's
 * checks not yet passed, else what every option left needs. None once assurance is met.
 */
export async function assuranceProfileFields(
  ctx: AppContext,
  policy: ClientPolicy,
  interaction: Interaction,
  userId: string,
): Promise<FieldDefinition[]> {
  const state = await assuranceState(ctx, policy, interaction, userId);
  if (!state || state.met) return [];
  const choice = await ctx.assuranceChoices.get(interaction.uid);
  const remaining = choice.filter((check) => !state.passed.has(check));
  const fields =
    remaining.length > 0
      ? subjectFields(remaining)
      : subjectFieldsForOptions(state.options.map((option) => option.checks));
  return fields.map((field) => standardFields[field]);
}

/**
 * What /Profile asks in this request, and what setupProfile waits for: the fields its claims
 * need, then those the checks still to do need to know whom they check (so the questions come
 * after the name and birth date are known).
 */
export async function requestProfileFields(
  ctx: AppContext,
  policy: ClientPolicy,
  interaction: Interaction,
  userId: string,
): Promise<FieldDefinition[]> {
  const fields = requestedFields(policy, interaction);
  const names = new Set(fields.map((field) => field.name));
  const extra = (await assuranceProfileFields(ctx, policy, interaction, userId)).filter(
    (field) => !names.has(field.name),
  );
  return [...fields, ...extra];
}
