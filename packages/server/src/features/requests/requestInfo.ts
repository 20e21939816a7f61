import type { RequestInfo } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { SessionLike } from '../../oidc/interactions.js';
import { assuranceDemand } from '../assurance/demand.js';
import { outstandingRequirements } from './requirements.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The spec's request info for one sign-in request. userRequirements is the server's
 * judgement of what is outstanding; each feature adds its requirement as it lands.
 */
export async function requestInfo(
  ctx: AppContext,
  interaction: Interaction,
  session: SessionLike,
): Promise<RequestInfo> {
  const clientId = String(interaction.params.client_id ?? '');
  const client = await ctx.clients.find(clientId);
  if (!client) throw new ApiError('request_not_found');
  const prompts = String(interaction.params.prompt ?? '').split(' ');
  const login = await ctx.interactions.currentLogin(
    interaction,
    session,
    client.policy.sessionLifetime,
  );
  const user = login ? await ctx.users.findById(login.accountId) : undefined;
  // Nobody signed in and the client demands PIN login: the PIN login screen (DESIGN.md).
  const userRequirements =
    !login && client.policy.requirePin
      ? (['loginWithMPin'] as const satisfies RequestInfo['userRequirements'])
      : await outstandingRequirements(ctx, interaction, login);
  return {
    sendResponse: user !== undefined && userRequirements.length === 0,
    clientName: client.metadata.client_name,
    clientLogo: client.metadata.logo_uri ?? null,
    assuranceRequired: assuranceDemand(client.policy, interaction) !== null,
    sessionLifetime: client.policy.sessionLifetime,
    loggedIn: user !== undefined,
    pinRequired: client.policy.requirePin,
    theme: client.policy.theme,
    userRequirements,
    registration: prompts.includes('create') ? 'true' : 'false',
    externalAuthentication: false,
    email: user?.email ?? null,
    clientId,
  };
}
