import { assuranceMet, type CheckName } from '@verity/contracts';
import { currentPasses, type Evidence } from '../evidence/evidenceStore.js';
import type { AssuranceDemand } from './demand.js';
import { levelAlternatives, levelProfileMet } from './gpg45/levels.js';

/** Where the user's evidence stands against a demand. */
export interface DemandStanding {
  met: boolean;
  /**
   * The ways to meet it, as alternatives of check names for /Verify: the client's lists, then
   * the smallest sets of checks that could reach its level from the evidence the user has,
   * those with a check this server does not offer left out (a client's own lists are kept:
   * they are the client's to read back).
   */
  alternatives: CheckName[][];
}

const everyCheck = () => true;

/**
 * Either is enough: every check of one list passed, or the passed checks' scores (each capped
 * at what its check can score) meeting a profile the level accepts. Expired evidence counts for
 * neither.
 */
export function demandStanding(
  demand: AssuranceDemand,
  passed: ReadonlySet<CheckName>,
  evidence: readonly Evidence[],
  offered: (check: CheckName) => boolean = everyCheck,
): DemandStanding {
  const passes = currentPasses(evidence);
  const met =
    assuranceMet(demand.lists, passed) ||
    (demand.level !== null && levelProfileMet(demand.level, passes) !== null);
  const alternatives = [
    ...demand.lists,
    ...(demand.level && !met
      ? levelAlternatives(demand.level, passes).filter((way) => way.every(offered))
      : []),
  ];
  return { met, alternatives };
}
