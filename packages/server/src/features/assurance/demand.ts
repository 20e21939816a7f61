import type { CheckName } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { ClientPolicy } from '../clients/policy.js';
import { acrAsk } from './acr.js';
import type { AssuranceLevel } from './gpg45/levels.js';

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

/** What a client demands of the evidence: meeting any list, or the level, is enough. */
export interface AssuranceDemand {
  /** Alternatives, each a list of check names (the spec's assuranceRequirements). */
  lists: CheckName[][];
  /** A GPG45 confidence, any profile it lists being enough (`--assurance-level`). */
  level: AssuranceLevel | null;
}

/** Whether the client names assurance of its own (lists of checks or a GPG45 level). */
export function clientNamesAssurance(policy: ClientPolicy): boolean {
  return policy.assurance.length > 0 || policy.assuranceLevel !== null;
}

/** The client's own demand, else the default one. */
export function clientDemand(policy: ClientPolicy): AssuranceDemand {
  return clientNamesAssurance(policy)
    ? { lists: policy.assurance, level: policy.assuranceLevel }
    : { lists: defaultAlternatives, level: null };
}

/**
 * The assurance this request demands, or null for none: the client's own (its lists and its
 * level), else the default when the request asks with acr_values urn:verity:ial2 or for
 * verified_claims.
 */
export function assuranceDemand(
  policy: ClientPolicy,
  interaction: Pick<Interaction, 'params'>,
): AssuranceDemand | null {
  const asked =
    clientNamesAssurance(policy) ||
    acrAsk(interaction.params).verifiedIdentity ||
    asksForVerifiedClaims(interaction);
  return asked ? clientDemand(policy) : null;
}
