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

/**
 * The checks this deployment can carry out. An alternative with any other check scores 100
 * and is not offered; each check is added here when its screen and provider land.
 */
export const offeredChecks: ReadonlySet<CheckName> = new Set<CheckName>([
  'Passport',
  'KBVL1',
  'KBVL2',
  'DrivingLicence',
  'CreditCard',
  'DebitCard',
  'MobileContract',
  'OB',
  'Bank',
  'CurrentAccount',
]);

/** Capture the profile itself (document photo, open banking): assuranceProfileCapturePossible. */
export const profileCaptureChecks: ReadonlySet<CheckName> = new Set<CheckName>([
  'GenuinePassport',
  'GenuineDrivingLicence',
  'SelfieComparison',
  'OB',
]);

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
