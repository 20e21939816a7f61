import type { CheckName } from '../checks.js';

/** Options scoring this much or more need a check the user cannot do; they are not offered. */
export const optionScoreLimit = 100;
/** The short list of options shows this many before 'Show more options >>'. */
export const shortListLength = 3;
/** The pause, in milliseconds, before the screen moves on to the chosen option. */
export const optionTransitionMs = 1500;

/** One way to meet the client's assurance: the checks still to do, and its score. */
export interface AssuranceOption {
  checks: CheckName[];
  score: number;
}

/**
 * Scores each alternative (DESIGN.md): one point per check still to do, plus 100 for every
 * such check the user cannot do (failed, said they cannot, or not offered here). Options
 * are the checks still to do, lowest score first, duplicates and scores of 100 or more left
 * out. An alternative already met is not an option: assurance is then met.
 */
export function rankAssuranceOptions(
  alternatives: readonly (readonly CheckName[])[],
  passed: ReadonlySet<CheckName>,
  unavailable: ReadonlySet<CheckName>,
): AssuranceOption[] {
  const seen = new Set<string>();
  const options: AssuranceOption[] = [];
  for (const alternative of alternatives) {
    const checks = [...new Set(alternative)].filter((check) => !passed.has(check));
    const key = [...checks].sort().join(',');
    if (checks.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const blocked = checks.filter((check) => unavailable.has(check)).length;
    options.push({ checks, score: checks.length + optionScoreLimit * blocked });
  }
  return options
    .filter((option) => option.score < optionScoreLimit)
    .sort((a, b) => a.score - b.score);
}

/** Whether some alternative is fully met by the passed checks. */
export function assuranceMet(
  alternatives: readonly (readonly CheckName[])[],
  passed: ReadonlySet<CheckName>,
): boolean {
  return alternatives.some((alternative) => alternative.every((check) => passed.has(check)));
}

/**
 * The option chosen without asking: when every option left comes down to one and the same
 * single check, there is nothing to choose (spec: a single distinct check is chosen
 * automatically).
 */
export function automaticChoice(options: readonly AssuranceOption[]): CheckName[] | null {
  const distinct = new Set(options.flatMap((option) => option.checks));
  if (distinct.size !== 1) return null;
  return [...distinct];
}
