import type { CheckName } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { ClientPolicy } from '../clients/policy.js';

type Interaction = InstanceType<Provider['Interaction']>;

/** The acr value that asks for a verified identity (DESIGN.md, acr table). */
export const IAL2 = 'urn:verity:ial2';

/**
 * The alternatives a request without the client's own asks for, through acr_values or the
 * claims parameter's verified_claims: a document and knowledge-based questions.
 */
export const defaultAlternatives: CheckName[][] = [
  ['Passport', 'KBVL1'],
  ['DrivingLicence', 'KBVL1'],
];

/** Whether the request's claims parameter asks for verified_claims (id_token or userinfo). */
export function asksForVerifiedClaims(interaction: Interaction): boolean {
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
  interaction: Interaction,
): CheckName[][] | null {
  if (policy.assurance.length > 0) return policy.assurance;
  const acrValues = String(interaction.params.acr_values ?? '').split(' ');
  if (acrValues.includes(IAL2) || asksForVerifiedClaims(interaction)) return defaultAlternatives;
  return null;
}
