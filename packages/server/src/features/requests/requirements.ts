import type { Requirement } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * What the signed-in user must still do before this request goes back to the client; the
 * server is the only judge (DESIGN.md, 'What each requirement means'). Each requirement is
 * added here by the feature that lets the user meet it: second factor, profile, assurance,
 * consent and PIN login are later issues, so a signed-in user has nothing outstanding yet.
 */
export async function outstandingRequirements(
  _ctx: AppContext,
  _interaction: Interaction,
  login: RequestLogin | null,
): Promise<Requirement[]> {
  if (!login) return [];
  return [];
}
