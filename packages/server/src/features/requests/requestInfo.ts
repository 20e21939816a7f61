import { firstSupportedLanguage, type RequestInfo } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { Journey } from '../../journey/journey.js';
import { assuranceDemand } from '../assurance/demand.js';
import { waysForNewcomer } from '../assurance/assuranceState.js';
import { shownLogo } from '../clients/input.js';
import { clientThemeColours } from '../clients/policy.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The spec's request info for one sign-in request. userRequirements is the server's
 * judgement of what is outstanding (the journey's, from requirements.ts).
 */
export async function requestInfo(
  ctx: AppContext,
  interaction: Interaction,
  journey: Journey,
): Promise<RequestInfo> {
  const clientId = String(interaction.params.client_id ?? '');
  const client = await ctx.clients.find(clientId);
  if (!client) throw new ApiError('request_not_found');
  const prompts = String(interaction.params.prompt ?? '').split(' ');
  // Signed in for this request: within every lifetime, and usable for it (prompt, max_age).
  const who = (await journey.loginServesRequest()) ? await journey.signIn() : null;
  const user = who?.user;
  // Nobody signed in and the client demands PIN login: the PIN login screen (DESIGN.md).
  const userRequirements = !who
    ? client.policy.requirePin
      ? (['loginWithMPin'] as const satisfies RequestInfo['userRequirements'])
      : []
    : await journey.outstanding();
  const demand = assuranceDemand(client.policy, interaction);
  const language = firstSupportedLanguage(interaction.params.ui_locales);
  return {
    sendResponse: user !== undefined && userRequirements.length === 0,
    clientName: client.metadata.client_name,
    clientLogo: shownLogo(client.metadata.logo_uri),
    assuranceRequired: demand !== null,
    sessionLifetime: client.policy.sessionLifetime,
    loggedIn: user !== undefined,
    pinRequired: client.policy.requirePin,
    theme: client.policy.theme,
    themeColours: clientThemeColours(client.policy),
    userRequirements,
    registration: prompts.includes('create') ? 'true' : 'false',
    externalAuthentication: false,
    email: user?.email ?? null,
    clientId,
    ...(demand ? { assuranceWays: waysForNewcomer(ctx, demand) } : {}),
    ...(language ? { language } : {}),
  };
}
