import type { Requirement } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import { usedSecondFactor } from '../../oidc/authenticationStrength.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import type { ClientPolicy } from '../clients/policy.js';

type Interaction = InstanceType<Provider['Interaction']>;

/** Same rule as requirements.ts: the client's policy or acr_values demand a second factor. */
export function demandsSecondFactor(policy: ClientPolicy, interaction: Interaction): boolean {
  const acrValues = String(interaction.params.acr_values ?? '').split(' ');
  return (
    policy.requireSecondFactor ||
    acrValues.includes('urn:verity:aal2') ||
    acrValues.includes('urn:verity:ial2')
  );
}

/** The second-factor requirement of a signed-in user for whom one is demanded, if any. */
export async function secondFactorStep(
  ctx: AppContext,
  login: RequestLogin,
): Promise<Requirement | null> {
  if ((await ctx.secondFactors.count(login.accountId)) === 0) return 'setupSecondFactor';
  return usedSecondFactor(login.amr) ? null : 'loginWithSecondFactor';
}
