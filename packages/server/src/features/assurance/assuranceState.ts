import {
  rankAssuranceOptions,
  validateFieldValue,
  profileCaptureChecks,
  type AssuranceOption,
  type CheckName,
  type Requirement,
} from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.js';
import type { ClientPolicy } from '../clients/policy.js';
import { requestedFields } from '../profile/requestedClaims.js';
import { checkOffered } from '../checks/checkProviders.js';
import { assuranceDemand, type AssuranceDemand } from './demand.js';
import { demandStanding } from './demandMet.js';

type Interaction = InstanceType<Provider['Interaction']>;

export interface AssuranceState {
  /** The client's lists, and the ways to its GPG45 level (demandMet.ts). */
  alternatives: CheckName[][];
  passed: Set<CheckName>;
  met: boolean;
  /** Ranked, without those scoring 100 or more. */
  options: AssuranceOption[];
}

/** Where this user stands against the assurance this request demands; null when none is. */
export async function assuranceState(
  ctx: AppContext,
  policy: ClientPolicy,
  interaction: Interaction,
  userId: string,
): Promise<AssuranceState | null> {
  const demand = assuranceDemand(policy, interaction);
  if (!demand) return null;
  const { passed, unavailable, evidence } = await ctx.evidence.standing(userId);
  const { met, alternatives } = demandStanding(demand, passed, evidence, (check) =>
    checkOffered(ctx, check),
  );
  for (const check of alternatives.flat()) if (!checkOffered(ctx, check)) unavailable.add(check);
  return {
    alternatives,
    passed,
    met,
    options: rankAssuranceOptions(alternatives, passed, unavailable),
  };
}

/**
 * The ways to meet a demand open to someone with no evidence yet (the sign-up page's side
 * panel, before anyone signs in): the options as /VerifyOptions ranks them, without those
 * needing a check this deployment does not offer.
 */
export function waysForNewcomer(ctx: AppContext, demand: AssuranceDemand): CheckName[][] {
  const offered = (check: CheckName) => checkOffered(ctx, check);
  const { alternatives } = demandStanding(demand, new Set(), [], offered);
  const unavailable = new Set(alternatives.flat().filter((check) => !offered(check)));
  return rankAssuranceOptions(alternatives, new Set(), unavailable).map((option) => option.checks);
}

/**
 * The assurance requirements of a request (DESIGN.md): assurance while no alternative is met;
 * assuranceProfileCapturePossible as well when the profile is incomplete and an alternative
 * has a check that captures the profile itself. Called by requirements.ts.
 */
export async function assuranceRequirements(
  ctx: AppContext,
  policy: ClientPolicy,
  interaction: Interaction,
  userId: string,
): Promise<Requirement[]> {
  const state = await assuranceState(ctx, policy, interaction, userId);
  if (!state || state.met) return [];
  const capture = state.alternatives.some((alternative) =>
    alternative.some((check) => profileCaptureChecks.has(check)),
  );
  if (!capture) return ['assurance'];
  const profile = await ctx.profiles.get(userId);
  const incomplete = requestedFields(policy, interaction).some(
    (field) => validateFieldValue(field, profile[field.name]) !== null,
  );
  return incomplete ? ['assurance', 'assuranceProfileCapturePossible'] : ['assurance'];
}
