import type { Requirement } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import { provedTwoFactors } from '../../oidc/authenticationStrength.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { acrAsk } from '../assurance/acr.js';
import type { ClientPolicy } from '../clients/policy.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The client's policy, the request's acr_values or its essential acr claim demand a second
 * factor. A client's assurance
 * policy asks for a verified identity, not for a second factor (that is
 * --require-second-factor); acr urn:verity:ial2 asks for both (DESIGN.md, acr table).
 */
export function demandsSecondFactor(
  policy: ClientPolicy,
  interaction: Pick<Interaction, 'params'>,
): boolean {
  return policy.requireSecondFactor || acrAsk(interaction.params).secondFactor;
}

/**
 * What a user with `methods` second-factor methods, whose session carries `amr`, must still do
 * when a second factor is demanded (DESIGN.md, 'What each requirement means'). A PIN login is
 * two factors already (aal2), so it meets a demanded second factor too, with or without a
 * second-factor method: the demand is for two factors, not for one kind of them.
 */
export function secondFactorRequirement(
  methods: number,
  amr: readonly string[],
): Requirement | null {
  if (provedTwoFactors(amr)) return null;
  return methods === 0 ? 'setupSecondFactor' : 'loginWithSecondFactor';
}

/** The second-factor requirement of a signed-in user for whom one is demanded, if any. */
export async function secondFactorStep(
  ctx: AppContext,
  login: RequestLogin,
): Promise<Requirement | null> {
  return secondFactorRequirement(await ctx.secondFactors.count(login.accountId), login.amr);
}
