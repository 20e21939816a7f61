import { validateFieldValue, type Requirement } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { assuranceRequirements } from '../assurance/assuranceState.js';
import { requestProfileFields } from '../assurance/assuranceProfile.js';
import { consentClaims } from '../profile/requestedClaims.js';
import { pinRequirements } from '../pin/requirement.js';
import { demandsSecondFactor, secondFactorStep } from '../secondFactor/requirement.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * What the signed-in user must still do before this request goes back to the client; the
 * server is the only judge (DESIGN.md, 'What each requirement means').
 * A request is held until every requirement is met, never answered with less than was
 * demanded (fail closed).
 */
export async function outstandingRequirements(
  ctx: AppContext,
  interaction: Interaction,
  login: RequestLogin | null,
): Promise<Requirement[]> {
  if (!login) return [];
  const client = await ctx.clients.find(String(interaction.params.client_id));
  if (!client) return [];
  const outstanding: Requirement[] = [];
  // The second factor of a user who has one comes first, demanded or not (DESIGN.md, 'Who
  // may call what'); a user without one sets one up only when the request demands it.
  const secondFactor = await secondFactorStep(ctx, login);
  if (
    secondFactor === 'loginWithSecondFactor' ||
    (secondFactor && demandsSecondFactor(client.policy, interaction))
  )
    outstanding.push(secondFactor);
  if (client.policy.requirePin) outstanding.push(...pinRequirements(login));
  outstanding.push(
    ...(await assuranceRequirements(ctx, client.policy, interaction, login.accountId)),
  );

  const profile = await ctx.profiles.get(login.accountId);
  const fields = await requestProfileFields(ctx, client.policy, interaction, login.accountId);
  if (fields.some((field) => validateFieldValue(field, profile[field.name]) !== null))
    outstanding.push('setupProfile');

  const claims = consentClaims(client.policy, interaction);
  if (
    !client.policy.skipConsent &&
    claims.length > 0 &&
    !(await ctx.consents.covers(login.accountId, client.clientId, claims))
  ) {
    outstanding.push('consent');
  }
  return outstanding;
}
