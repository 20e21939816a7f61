import { validateFieldValue, type Requirement } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { requestedClaims, requestedFields } from '../profile/requestedClaims.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * What the signed-in user must still do before this request goes back to the client; the
 * server is the only judge (DESIGN.md, 'What each requirement means'). Each requirement is
 * added here by the feature that lets the user meet it (second factor, assurance and PIN
 * login come with their issues).
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

  const profile = await ctx.profiles.get(login.accountId);
  const fields = requestedFields(client.policy, interaction);
  if (fields.some((field) => validateFieldValue(field, profile[field.name]) !== null))
    outstanding.push('setupProfile');

  const claims = requestedClaims(client.policy, interaction);
  if (
    !client.policy.skipConsent &&
    claims.length > 0 &&
    !(await ctx.consents.covers(login.accountId, client.clientId, claims))
  ) {
    outstanding.push('consent');
  }
  return outstanding;
}
