import type { CheckName } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { ClientPolicy } from '../clients/policy.js';
import { acrAsk } from './acr.js';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * The alternatives a request without the client's own asks for, through acr_values or the
 * claims parameter's verified_claims: a document and knowledge-based questions.
 */
export const defaultAlternatives: CheckName[][] = [
  ['Passport', 'KBVL1'],
  ['DrivingLicence', 'KBVL1'],
];

/** Whether the request's claims parameter asks for verified_claims (id_token or userinfo). */
export function asksForVerifiedClaims(interaction: Pick<Interaction, 'params'>): boolean {
  if (typeof interaction.params.claims !== 'string') return false;
  try {
    const claims = JSON.parse(interaction.params.claims) as Record<string, unknown>;
    return ['id_token', 'userinfo'].some(
      (use) =>
        typeof claims[use] === 'object' &&
        claims[use] !== null &&
        'verified_claims' in (claims[use] as object),
    );
  } catch {
    return false;
  }
}

/**
 * The assurance this request demands, as alternatives of check names, or null for none: the
 * client's own (the spec's assuranceRequirements), else the default when the request asks
 * with acr_values urn:verity:ial2 or for verified_claims.
 */
export function assuranceDemand(
  policy: ClientPolicy,
  interaction: Pick<Interaction, 'params'>,
): CheckName[][] | null {
  if (policy.assurance.length > 0) return policy.assurance;
  if (acrAsk(interaction.params).verifiedIdentity || asksForVerifiedClaims(interaction))
    return defaultAlternatives;
  return null;
}
